export * from "./key-format";
export * from "./key-store";
export * from "./request-key";
