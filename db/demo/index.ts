export { DEMO_OPERATOR_KEY, type DemoData, demoWriteKey, generateDemoData } from "./generate";
export { DEMO_SITES } from "./sites";
