import type { Car, ViewedCar } from "@dealer/shared/contract";

/** The viewed-car record of the spec (§3), kept on the device for Recently viewed. */
export const viewedCarRecord = (car: Car): ViewedCar => ({
  id: car.id,
  stocknum: car.stocknum,
  make: car.make,
  model: car.model,
  body: car.bodyconfiguration ?? null,
  simple_body: car.simple_body ?? null,
});
