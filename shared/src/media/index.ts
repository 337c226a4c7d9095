export * from "./image-url";
export * from "./vehicle-assets";
