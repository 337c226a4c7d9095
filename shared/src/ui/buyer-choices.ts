import type { AuStateCode } from "../rules/au-states";
import { auStateOf } from "../rules/au-states";
import type { TowVehicle } from "../rules/towing";
import { TOWING_CAPACITY_LIMITS } from "../rules/towing-capacity";
import { REGISTRATION_PLACE_KEY, TOW_VEHICLE_KEY } from "./buyer-choice-keys";

/**
 * What a shopper picked for the buyer tools (issue 34), kept on the device: the place they register in, and their
 * tow vehicle. Read by hand, not by zod: these run on a car page's and a search page's lazily loaded panels.
 */

export type StoredPlace = { state: AuStateCode } | { postcode: string };
/** A tow vehicle picked from the network's variants, or a capacity typed in (no vehicle). */
export type StoredTowVehicle = { capacityKg: number; vehicle: TowVehicle | null };

function read(storage: Storage, key: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? "null");
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function readPlace(storage: Storage): StoredPlace | null {
  const value = read(storage, REGISTRATION_PLACE_KEY);
  const state = typeof value?.state === "string" ? auStateOf(value.state) : null;
  if (state) return { state };
  return typeof value?.postcode === "string" && /^\d{4}$/.test(value.postcode) ? { postcode: value.postcode } : null;
}

export const savePlace = (storage: Storage, place: StoredPlace) => storage.setItem(REGISTRATION_PLACE_KEY, JSON.stringify(place));

const isCapacity = (kg: unknown): kg is number => typeof kg === "number" && Number.isInteger(kg) && kg >= TOWING_CAPACITY_LIMITS.min && kg <= TOWING_CAPACITY_LIMITS.max;

export function readTowVehicle(storage: Storage): StoredTowVehicle | null {
  const value = read(storage, TOW_VEHICLE_KEY);
  if (!value || !isCapacity(value.capacityKg)) return null;
  const vehicle = value.vehicle as Partial<TowVehicle> | null | undefined;
  const known =
    vehicle && typeof vehicle.make === "string" && typeof vehicle.model === "string" && typeof vehicle.year === "number" && vehicle.brakedCapacityKg === value.capacityKg
      ? { make: vehicle.make, model: vehicle.model, year: vehicle.year, badge: typeof vehicle.badge === "string" ? vehicle.badge : null, brakedCapacityKg: value.capacityKg }
      : null;
  return { capacityKg: value.capacityKg, vehicle: known };
}

export const saveTowVehicle = (storage: Storage, tow: StoredTowVehicle) => storage.setItem(TOW_VEHICLE_KEY, JSON.stringify(tow));
export const forgetTowVehicle = (storage: Storage) => storage.removeItem(TOW_VEHICLE_KEY);
