import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{shared,shell,edge,mf-*,db}/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    environment: "node",
    // Tests that seed a local D1 (miniflare) take seconds on a busy 2-core machine; vitest's 5 s/10 s defaults flaked.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
