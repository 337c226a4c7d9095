import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The search tests that matter, run with the platform configured for Algolia against the stand-in (npm test sets it
 * up, ADR 0035), and the Algolia-only checks in tests/algolia.
 */
export default defineConfig({
  test: {
    ...base.test,
    include: ["algolia/**/*.test.ts", "http/search-presets.test.ts", "http/search-paging.test.ts", "browser/search-ui.test.ts", "browser/search-address.test.ts"],
    exclude: ["**/node_modules/**"],
  },
});
