export * from "./car";
export * from "./location";
export * from "./site";
export * from "./lead";
export * from "./parse";
