export { type ApiKeyRow, type DemoData, demoSearchKey, demoWriteKey, generateDemoData } from "./generate";
export { DEMO_SITES } from "./sites";
