import { formatNumber } from "./money";

/**
 * The tow vehicle's braked capacity a shopper types or an address gives (issue 34): a module of its own because the
 * search page reads it from the address at load, while the verdicts and the tow filter's texts (towing.ts) load only
 * where they show (the bundler takes a whole module into the first chunk, not an export; ADR 0097).
 */

/** A car's braked capacity in kg: the heaviest light vehicles tow 4,500 kg; 10,000 leaves room for a prime mover's ute. */
export const TOWING_CAPACITY_LIMITS = { min: 1, max: 10_000 } as const;
export const TOWING_CAPACITY_MESSAGE = `Please enter a braked towing capacity from ${TOWING_CAPACITY_LIMITS.min} to ${formatNumber(TOWING_CAPACITY_LIMITS.max)} kg.`;
/** The capacity a shopper typed, in whole kg, or the message that says why it cannot be used. */
export function towingCapacityOf(raw: string): { ok: true; kg: number } | { ok: false; message: string } {
  const text = raw.trim().replace(/,/g, "").replace(/\s*kg$/i, "");
  if (!/^\d+$/.test(text)) return { ok: false, message: TOWING_CAPACITY_MESSAGE };
  const kg = Number(text);
  return kg >= TOWING_CAPACITY_LIMITS.min && kg <= TOWING_CAPACITY_LIMITS.max ? { ok: true, kg } : { ok: false, message: TOWING_CAPACITY_MESSAGE };
}
