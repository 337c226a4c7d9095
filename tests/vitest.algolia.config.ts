import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The search tests, run again with the platform configured for Algolia against the stand-in (npm test sets it up,
 * ADR 0035), and the Algolia-only checks in tests/algolia: every browser test of the stock search page, the car
 * page's similar row, and the search contract with real clients (issue 32, ADR 0065). The
 * directory and manufacturer searches are the platform's own on either backend, so they run once.
 */
export default defineConfig({
  test: {
    ...base.test,
    include: [
      "algolia/**/*.test.ts",
      "http/search-presets.test.ts",
      "http/search-paging.test.ts",
      "http/search-related-cars.test.ts",
      "http/search-contract-clients.test.ts",
      "browser/search-*.test.ts",
      "browser/vehicle-related-cars.test.ts",
    ],
    exclude: ["**/node_modules/**", "browser/search-directory.test.ts", "browser/search-manufacturers.test.ts"],
  },
});
