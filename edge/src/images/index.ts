export { createImageRoutes } from "./image-routes";
export { buildSpinFrame, buildVehiclePicture } from "./vehicle-svg";
