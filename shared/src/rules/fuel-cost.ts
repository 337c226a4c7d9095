import { WEEKS_PER_MONTH } from "./finance-estimate";

export const FUEL_PRICE_DEFAULT = 1.7;
export const FUEL_KM_PER_WEEK_DEFAULT = 250;
export const FUEL_CONSUMPTION_FALLBACK = 10;

/** Hidden for electric fuel types. */
export function isFuelCalculatorHidden(fuel: string | null | undefined): boolean {
  const value = (fuel ?? "").toLowerCase();
  return value.includes("electric") || value === "ev";
}

/** Inputs are stripped of '$', ',' and 'kms'; anything else unreadable is null. */
export function parseFuelInput(raw: string): number | null {
  const cleaned = raw.replace(/kms/gi, "").replace(/[$,]/g, "").trim();
  if (cleaned === "") return null;
  const value = Number(cleaned);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export type FuelCostInputs = { pricePerLitre?: number | null; kmPerWeek?: number | null; litresPer100km?: number | null };

/** Fuel cost per week, month (x4.33) and year (x52), with the spec's defaults filling gaps. */
export function fuelCost(inputs: FuelCostInputs): { weekly: number; monthly: number; yearly: number } {
  const price = inputs.pricePerLitre ?? FUEL_PRICE_DEFAULT;
  const km = inputs.kmPerWeek ?? FUEL_KM_PER_WEEK_DEFAULT;
  const consumption = inputs.litresPer100km && inputs.litresPer100km > 0 ? inputs.litresPer100km : FUEL_CONSUMPTION_FALLBACK;
  const weekly = (km / 100) * consumption * price;
  return { weekly, monthly: weekly * WEEKS_PER_MONTH, yearly: weekly * 52 };
}
