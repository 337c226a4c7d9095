import { POSTCODE_MESSAGE } from "../contract/postcode-messages";
import { AU_STATES, type AuState } from "./public-holidays";

/** The states and territories whose government charges the drive-away estimate knows (issue 34): every one. */
export type AuStateCode = AuState;

/** The registration classes each state prices apart (a truck over 4.5 t GVM is matched by a duty rule's gvmOverKg). */
export const VEHICLE_CLASSES = ["car", "motorcycle", "lightTruck", "trailer"] as const;

export const AU_STATE_MESSAGE = `Please choose a state or territory: ${AU_STATES.join(", ")}.`;
export const notAustralianPostcodeMessage = (postcode: string) => `${postcode} is not an Australian postcode.`;

export const isAuState = (value: string): value is AuStateCode => (AU_STATES as readonly string[]).includes(value);

/**
 * Australia Post's ranges by state and territory (first match wins, so the ACT's ranges inside NSW's come first).
 * 0200-0299 are the ACT's PO boxes, 1000-1999 NSW's and 8000-8999 VIC's large-volume receivers, 9000-9999 QLD's.
 * Christmas Island and the Cocos Islands (6798, 6799) and Norfolk Island (2899) are territories whose charges the
 * estimate does not know.
 */
const POSTCODE_RANGES: readonly [number, number, AuStateCode | null][] = [
  [200, 299, "ACT"],
  [800, 999, "NT"],
  [2600, 2618, "ACT"],
  [2900, 2920, "ACT"],
  [2899, 2899, null],
  [1000, 2999, "NSW"],
  [3000, 3999, "VIC"],
  [8000, 8999, "VIC"],
  [4000, 4999, "QLD"],
  [9000, 9999, "QLD"],
  [5000, 5999, "SA"],
  [6798, 6799, null],
  [6000, 6999, "WA"],
  [7000, 7999, "TAS"],
];

export type PostcodeState = { ok: true; state: AuStateCode } | { ok: false; message: string };

/** The state or territory of a 4-digit postcode, or the message that says why there is none. */
export function stateOfPostcode(raw: string): PostcodeState {
  const postcode = raw.trim();
  if (!/^\d{4}$/.test(postcode)) return { ok: false, message: POSTCODE_MESSAGE };
  const value = Number(postcode);
  const range = POSTCODE_RANGES.find(([from, to]) => value >= from && value <= to);
  return range?.[2] ? { ok: true, state: range[2] } : { ok: false, message: notAustralianPostcodeMessage(postcode) };
}

/** A state code a shopper or a feed wrote ("qld", " NSW "), or null when it names none. */
export function auStateOf(raw: string | null | undefined): AuStateCode | null {
  const code = raw?.trim().toUpperCase() ?? "";
  return isAuState(code) ? code : null;
}

export type RegistrationPlace = { ok: true; state: AuStateCode } | { ok: false; field: "state" | "postcode"; message: string };

/** Where the shopper registers: a state code, else a postcode's state; the field and message when neither does. */
export function registrationPlace(place: { state?: string | null; postcode?: string | null }): RegistrationPlace {
  if (place.state?.trim()) {
    const state = auStateOf(place.state);
    return state ? { ok: true, state } : { ok: false, field: "state", message: AU_STATE_MESSAGE };
  }
  if (place.postcode?.trim()) {
    const found = stateOfPostcode(place.postcode);
    return found.ok ? found : { ok: false, field: "postcode", message: found.message };
  }
  return { ok: false, field: "state", message: `${AU_STATE_MESSAGE} Or give a postcode.` };
}
