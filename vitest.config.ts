import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{shared,shell,edge,mf-*,db}/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    environment: "node",
  },
});
