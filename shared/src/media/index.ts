export * from "./image-url";
export * from "./vehicle-assets";
export * from "./site-pictures";
export * from "./demo-videos";
