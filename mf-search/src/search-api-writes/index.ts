/** Algolia write paths (batch, clear) onto the platform's stock store. */
export { createStockWrites } from "./stock-writes";
