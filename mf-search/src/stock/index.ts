export { createStockApi } from "./stock-api";
export { MAX_BATCH_SIZE, type RejectedRecord } from "./validate-batch";
export type { BatchOutcome } from "./stock-store";
