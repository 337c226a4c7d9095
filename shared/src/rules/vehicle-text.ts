import { dateTimeFormat } from "./kept-formats";

export const DEALER_COMMENTS_PENDING = "Dealer comments are pending. Please check back here later.";
export const UNREGISTERED_TEXT = "Unregistered";
export const DESCRIPTION_LIMIT = 400;
export const DEALER_COMMENTS_LIMIT = 400;
export const DISCLAIMER_EXCERPT_LIMIT = 197;
export const BLOG_DESCRIPTION_LIMIT = 80;
export const PHONE_VISIBLE_CHARS = 5;
export const SPEC_GRID_INITIAL = 4;
export const FEATURE_LIST_INITIAL = 8;

/**
 * Rego expiry: a future date reads 'Expires on {date}' (en-AU, in the given time zone); a past date reads
 * 'Unregistered' on sites that show it, otherwise nothing.
 */
export function regoExpiryText(regoExpiry: string | null | undefined, now: Date, showUnregistered: boolean, timeZone = "Australia/Brisbane"): string | null {
  if (!regoExpiry) return null;
  const expiry = new Date(regoExpiry);
  if (Number.isNaN(expiry.getTime())) return null;
  if (expiry.getTime() < now.getTime()) return showUnregistered ? UNREGISTERED_TEXT : null;
  const date = dateTimeFormat("en-AU", { day: "2-digit", month: "2-digit", year: "numeric", timeZone }).format(expiry);
  return `Expires on ${date}`;
}

export type SpecRow = { label: string; value: string | number | boolean | null | undefined };

/** Spec rows with empty, null or 'null' values are dropped. */
export function visibleSpecRows<T extends SpecRow>(rows: readonly T[]): T[] {
  return rows.filter(({ value }) => {
    if (value === null || value === undefined) return false;
    const text = String(value).trim();
    return text !== "" && text !== "null";
  });
}

/** A pipe splits paragraphs; empty text shows the pending message. */
export function dealerCommentParagraphs(comments: string | null | undefined): { paragraphs: string[]; pending: boolean } {
  const paragraphs = (comments ?? "").split("|").map((p) => p.trim()).filter(Boolean);
  return paragraphs.length ? { paragraphs, pending: false } : { paragraphs: [DEALER_COMMENTS_PENDING], pending: true };
}

/** First 5 characters shown, the rest as asterisks. */
export function maskPhone(phone: string): string {
  return phone.slice(0, PHONE_VISIBLE_CHARS) + "*".repeat(Math.max(0, phone.length - PHONE_VISIBLE_CHARS));
}

/** Text cut at the limit with an ellipsis; `truncated` says whether a Show More toggle is needed. */
export function truncateText(text: string, limit: number): { text: string; truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false };
  return { text: `${text.slice(0, limit).trimEnd()}...`, truncated: true };
}

/** A list showing `initial` items until expanded, and whether the toggle is needed. */
export function collapsedList<T>(items: readonly T[], initial: number, expanded: boolean): { visible: T[]; hasToggle: boolean } {
  return { visible: expanded ? [...items] : items.slice(0, initial), hasToggle: items.length > initial };
}

/** A vehicle's heading, also its page title: year make model badge. */
export function vehicleTitle(car: { year?: number | string | null; make?: string | null; model?: string | null; badge?: string | null }): string {
  return [car.year, car.make, car.model, car.badge].filter(Boolean).join(" ");
}
