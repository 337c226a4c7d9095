import { defineConfig } from "vitest/config";

/** Cross-app tests against the running platform (npm test starts it first). */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    // tests/algolia need the platform configured for Algolia (vitest.algolia.config.ts).
    exclude: ["**/node_modules/**", "algolia/**"],
    fileParallelism: false,
    // Files still run one after another, in one worker that keeps its imported modules (playwright-core, the support
    // modules): a fresh worker per file cost about 1 s a file. The support modules hold no state between files.
    isolate: false,
    // One Chromium for the run; each file connects to it (ADR 0053).
    globalSetup: ["support/shared-chromium.ts"],
    // In CI a test that fails is run once more: two finance pages once waited 30 s for their "load" event under CI
    // (passing on every rerun since); a test that really fails still fails twice. Locally every failure shows.
    retry: process.env.CI ? 1 : 0,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A poll waits for the page, not for a fixed delay, and returns as soon as it holds: under load a search or a lazy
    // part took over 5 s (a typed search on a phone, measured with the machine at load 15).
    expect: { poll: { timeout: 10_000 } },
  },
});
