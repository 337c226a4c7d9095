/**
 * Sign-in by phone (ADR 0016): the numbers a code can be texted to, the path a shopper returns to, and the
 * texts the sign-in page and its API share.
 */
export const SIGN_IN_PATH = "/sign-in";

/** /sign-in?type=...&redirect=...&back=... (kept apart from the form rules: every page's save buttons need it). */
export function signInUrl(type: string, redirect: string, back: string): string {
  return `${SIGN_IN_PATH}?${new URLSearchParams({ type, redirect, back }).toString()}`;
}
export const WATCHLIST_PATH = "/watchlist";
export const GARAGE_PATH = "/my-garage";
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_MINUTES = 10;
/** Wrong tries one code allows; the next try finds it locked until it would have expired. */
export const SIGN_IN_CODE_ATTEMPTS = 5;

export const MOBILE_MESSAGE = "Please enter an Australian mobile number, like 0412 345 678.";
export const CODE_MESSAGE = `Please enter the ${SIGN_IN_CODE_LENGTH}-digit code we sent you.`;
export const WRONG_CODE_MESSAGE = "That code is not right. Please check the text message and try again.";
export const EXPIRED_CODE_MESSAGE = "That code has expired or was already used. Please ask for a new code.";
export const CODE_LOCKED_MESSAGE = "Too many wrong codes for this number. Please wait and ask for a new code.";
export const TOO_MANY_CODES_MESSAGE = "Too many codes asked for. Please wait a moment and try again.";
export const SMS_FAILED_MESSAGE = "Sorry, we couldn't send the text message just now. Please try again in a moment.";
export const SIGNED_OUT_MESSAGE = "Please sign in to save cars to your watchlist.";
export const NOT_YOUR_NUMBER_MESSAGE = "That phone number is not the one you signed in with.";
export const CAR_NOT_FOUND_MESSAGE = "This car is no longer available.";

/** The text message a code goes out in. */
export const signInCodeText = (siteName: string, code: string) =>
  `${code} is your ${siteName} sign-in code. It expires in ${SIGN_IN_CODE_MINUTES} minutes. Don't share it with anyone.`;

/** An Australian mobile as people type it (04xx xxx xxx, +61 4xx ..., spaces, dashes, brackets, dots) -> +614xxxxxxxx; else null. */
export function normaliseMobile(raw: string): string | null {
  if (raw.length > 30 || !/^\+?[0-9 ().-]+$/.test(raw.trim())) return null;
  const digits = raw.replace(/[^\d+]/g, "");
  const match = /^(?:\+?61|0)(4\d{8})$/.exec(digits);
  return match ? `+61${match[1]}` : null;
}

/** How a number is shown back to its owner: 0412 345 678. */
export function displayMobile(e164: string): string {
  const national = e164.replace(/^\+61/, "0");
  return national.length === 10 ? `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}` : national;
}

/** Where sign-in may send a shopper back to: a path on this site only (never another host or scheme). */
export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  if (!value || value.length > 2000 || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  try {
    const url = new URL(value, "http://site.invalid");
    return url.host === "site.invalid" ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** Price-drop and sold alerts for watchlisted cars (beyond the spec, ADR 0016): opt-in, by SMS or e-mail (ADR 0027). */
export const ALERTS_PATH_UNSUBSCRIBE = "/pages/unsubscribe";
export const ALERT_CHANNELS = ["sms", "email"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
/** The consent the shopper gives for each channel, recorded as given. */
export const ALERTS_CONSENT_TEXTS: Record<AlertChannel, string> = {
  sms: "Text me when a car on my watchlist drops in price or sells. I can stop these texts at any time with the link in each one.",
  email: "E-mail me when a car on my watchlist drops in price or sells. I can stop these e-mails at any time with the link in each one.",
};
export const alertsOnText = (channel: AlertChannel) =>
  `Alerts are on: we ${channel === "email" ? "e-mail" : "text"} you when a car on your watchlist drops in price or sells.`;
export const alertSubject = (alert: { kind: "price_drop" | "sold"; carName: string }) => (alert.kind === "sold" ? `${alert.carName} has sold` : `Price drop: ${alert.carName}`);

/** The account's e-mail for alerts: confirmed with a code sent to it, as sign-in codes are (same length, life and tries). */
export const EMAIL_ADDRESS_MESSAGE = "Please enter a valid e-mail address.";
export const EMAIL_NOT_CONFIRMED_MESSAGE = "Please add and confirm your e-mail address first.";
export const WRONG_EMAIL_CODE_MESSAGE = "That code is not right. Please check the e-mail and try again.";
export const EMAIL_CONFIRMED_MESSAGE = "Your e-mail address is confirmed.";
export const EMAIL_SEND_FAILED_MESSAGE = "Sorry, we couldn't send the e-mail just now. Please try again in a moment.";
export const emailCodeMail = (siteName: string, code: string) => ({
  subject: `${code} is your ${siteName} code`,
  body: `${code} is your code to confirm this e-mail address for your ${siteName} account. It expires in ${SIGN_IN_CODE_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
});
export const alertText = (alert: { kind: "price_drop" | "sold"; carName: string; oldPrice: number | null; newPrice: number | null; link: string; unsubscribe: string }) =>
  alert.kind === "sold"
    ? `${alert.carName} on your watchlist has sold. Similar cars: ${alert.link} Stop alerts: ${alert.unsubscribe}`
    : `Price drop: ${alert.carName} on your watchlist is now $${(alert.newPrice ?? 0).toLocaleString("en-AU")} (was $${(alert.oldPrice ?? 0).toLocaleString("en-AU")}). ${alert.link} Stop alerts: ${alert.unsubscribe}`;
