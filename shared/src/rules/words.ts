import type { SiteTemplate } from "../contract/site";
/**
 * Possessives and plurals of names and nouns the platform writes (issue 33): one place, so every page and e-mail
 * writes "Harbour City Motors' dealer pages" and "1 similar car" alike.
 */

/** "Summit Auto Group's", and a name ending in s takes the apostrophe alone: "Harbour City Motors'". */
export function possessive(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") return trimmed;
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}

/** A noun's plural: "car" -> "cars", "bus" -> "buses", "accessory" -> "accessories"; `plural` overrides the rule. */
export function pluralOf(noun: string): string {
  if (/(?:s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** "1 similar car", "3 similar cars": the count with the noun in the number it takes. */
export function countOf(count: number, noun: string, plural = pluralOf(noun)): string {
  return `${count.toLocaleString("en-AU")} ${count === 1 ? noun : plural}`;
}

const VEHICLE_NOUNS: Partial<Record<SiteTemplate, string>> = { motorcycle: "Motorcycle", truck: "Truck", caravan: "Caravan" };

/** The site's word for what it sells, capitalised ("Car", "Motorcycle"): one place for every page that names it. */
export const vehicleNoun = (template: SiteTemplate): string => VEHICLE_NOUNS[template] ?? "Car";
