/** The generated vehicle pictures the gateway can draw: asset paths are vehicles/{body}/{colour}/{angle}.svg. */
export const VEHICLE_IMAGE_BODIES = [
  "sedan",
  "hatch",
  "suv",
  "ute",
  "wagon",
  "van",
  "coupe",
  "convertible",
  "motorcycle",
  "truck",
  "caravan",
] as const;
export type VehicleImageBody = (typeof VEHICLE_IMAGE_BODIES)[number];

export const VEHICLE_IMAGE_COLOURS = {
  white: "#f4f5f7",
  black: "#1d1f22",
  silver: "#b9bec5",
  grey: "#6b7079",
  blue: "#1f4fa3",
  red: "#b3202a",
  green: "#3d6b3a",
  orange: "#e06a1b",
  yellow: "#e8b90f",
  bronze: "#8a6440",
} as const;
export type VehicleImageColour = keyof typeof VEHICLE_IMAGE_COLOURS;

export const VEHICLE_IMAGE_ANGLES = ["front", "three-quarter", "side", "rear", "interior", "dash"] as const;
export type VehicleImageAngle = (typeof VEHICLE_IMAGE_ANGLES)[number];

export const SPIN_FRAME_COUNT = 24;

export const isVehicleImageBody = (value: string): value is VehicleImageBody => (VEHICLE_IMAGE_BODIES as readonly string[]).includes(value);
export const isVehicleImageColour = (value: string): value is VehicleImageColour => Object.hasOwn(VEHICLE_IMAGE_COLOURS, value);
export const isVehicleImageAngle = (value: string): value is VehicleImageAngle => (VEHICLE_IMAGE_ANGLES as readonly string[]).includes(value);

export function vehicleImagePath(body: VehicleImageBody, colour: VehicleImageColour, angle: VehicleImageAngle): string {
  return `vehicles/${body}/${colour}/${angle}.svg`;
}

export function vehicleSpinFramePath(body: VehicleImageBody, colour: VehicleImageColour, frame: number): string {
  return `vehicles/${body}/${colour}/spin/${frame}.svg`;
}
