import { parseFuelInput } from "./fuel-cost";
import { formatNumber } from "./money";

/** How many quick-pick buttons the money input widget offers between the dealer's min and max. */
export const QUICK_PICK_COUNT = 6;

/** Typed or pasted text -> a number: '$', ',', spaces and 'kms' are ignored; anything unreadable or negative is 0. */
export function parseMoneyText(text: string): number {
  return parseFuelInput(text.replace(/\s/g, "")) ?? 0;
}

/** The widget's display: whole units with thousand separators ('27,990'); empty stays empty while typing. */
export function formatMoneyText(text: string): string {
  if (text.trim() === "") return "";
  // Not Intl: building a NumberFormat as the module loads cost the calculator's first hydration (ADR 0097).
  return formatNumber(Math.round(parseMoneyText(text)));
}

/** Quick picks from min to max (the spec's $5,000-$70,000 default, $300,000-$800,000 for one dealer), on whole thousands. */
export function quickPickAmounts(min: number, max: number, count = QUICK_PICK_COUNT): number[] {
  if (!(Number.isFinite(min) && Number.isFinite(max)) || max <= min || count < 2) return [];
  const step = (max - min) / (count - 1);
  const picks = Array.from({ length: count }, (_, index) => (index === count - 1 ? max : Math.round((min + index * step) / 1000) * 1000));
  return [...new Set(picks)];
}
