export * from "./key-format";
export * from "./key-store";
