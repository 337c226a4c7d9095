export * from "./defaults";
export * from "./resolve";
export * from "./site-config";
export * from "./templates";
