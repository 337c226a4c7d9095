export * from "./availability";
export * from "./buttons";
export * from "./card-tag";
export * from "./money";
export * from "./price-display";
export * from "./sold-collapse";
export * from "./vehicle-links";
