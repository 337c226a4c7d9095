import { formatNumber } from "./money";

/**
 * Can my car tow this van (issue 34): the van's aggregate trailer mass (ATM) against the tow vehicle's braked towing
 * capacity. Towing advice commonly keeps a van within 85 % of the capacity; the laden weight, the ball download and
 * the gross combination mass (GCM) count too, and a listing gives none of them.
 */
export const TOWING_COMFORT_SHARE = 0.85;
export const TOWING_NOTE =
  "A guide only: the van's laden weight, its ball download and your vehicle's gross combination mass (GCM) also have to be within your vehicle's limits.";

export type TowVerdict =
  | { kind: "unknown"; text: string }
  | { kind: "within" | "near" | "over"; atm: number; capacity: number; percent: number; text: string };

export const NO_ATM_TEXT = "This van's listing gives no ATM (aggregate trailer mass), so it cannot be checked against your vehicle. Ask the dealer for it.";

/** The verdict: within, within but over 85 % of the capacity, or over; a van without an ATM says so. */
export function towVerdict(atm: number | null | undefined, capacity: number): TowVerdict {
  if (!atm || atm <= 0) return { kind: "unknown", text: NO_ATM_TEXT };
  const percent = Math.round((atm / capacity) * 100);
  const figures = `ATM ${formatNumber(atm)} kg against your ${formatNumber(capacity)} kg braked towing capacity (${percent}%)`;
  if (atm > capacity) return { kind: "over", atm, capacity, percent, text: `Over your capacity: ${figures}.` };
  if (atm > capacity * TOWING_COMFORT_SHARE) return { kind: "near", atm, capacity, percent, text: `Within your capacity but over 85% of it: ${figures}.` };
  return { kind: "within", atm, capacity, percent, text: `Within your capacity: ${figures}.` };
}

/** A variant of the network's stock that tows (GET /api/towing/vehicles). */
export type TowVehicle = { make: string; model: string; year: number; badge: string | null; brakedCapacityKg: number };
export const towVehicleLabel = (vehicle: TowVehicle) =>
  `${vehicle.year} ${vehicle.make} ${vehicle.model}${vehicle.badge ? ` ${vehicle.badge}` : ""} (${formatNumber(vehicle.brakedCapacityKg)} kg)`;

/**
 * "Suits my tow vehicle" on search (ADR 0079): vans whose ATM is at or under the capacity. A van whose listing gives no
 * ATM is left out, never claimed to suit.
 */
export const TOW_FILTER_TITLE = "Suits my tow vehicle";
export const towFilterText = (capacityKg: number) => `ATM up to ${formatNumber(capacityKg)} kg`;
export const TOW_FILTER_HINT = "Only vans whose ATM is at or under your vehicle's braked towing capacity; a van whose listing gives no ATM is left out.";
