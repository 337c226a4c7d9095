import { defineConfig } from "vitest/config";

/** Cross-app tests against the running platform (npm test starts it first). */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    // tests/algolia need the platform configured for Algolia (vitest.algolia.config.ts).
    exclude: ["**/node_modules/**", "algolia/**"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A poll waits for the page, not for a fixed delay: under CI load a search or a lazy part can take over a second.
    expect: { poll: { timeout: 5_000 } },
  },
});
