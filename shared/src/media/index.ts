export * from "./image-url";
export * from "./vehicle-assets";
export * from "./site-pictures";
export * from "./demo-videos";
export * from "./photo-rules";
export * from "./image-slots";
