export * from "./defaults";
export * from "./resolve";
export * from "./site-config";
export * from "./config-form";
export * from "./templates";
export * from "./search-records";
export * from "./provider-policy";
export * from "./config-merge";
