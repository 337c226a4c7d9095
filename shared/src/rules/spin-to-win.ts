/**
 * The spin-to-win promotion (ADR 0040): each prize with its chance in whole percent (they add up to 100). The
 * server draws, never the browser, and a shopper enters once per site.
 */
export const SPIN_PRIZES = [
  { prize: "$50 fuel voucher", percent: 10 },
  { prize: "Free interior detail", percent: 15 },
  { prize: "10% off your next service", percent: 35 },
  { prize: "Free wheel alignment", percent: 20 },
  { prize: "Better luck next time", percent: 20 },
] as const;
export const SPIN_TERMS = [
  "One entry per person, signed in with a verified mobile number; entering again shows your first result.",
  "Open to Australian residents aged 18 or over. Staff of the dealership and their families may not enter.",
  "Prizes are drawn at random at the chances listed, are not transferable and cannot be exchanged for cash.",
  "Vouchers and service offers are redeemed at the dealership within 90 days of the draw; bring your mobile to show the result.",
  "The dealership may end the promotion at any time; entries drawn before then keep their prize.",
];

/** The prize for a draw in [0, 1): the prize whose share of 0-100 holds it. */
export function spinPrize(draw: number): string {
  const point = Math.min(Math.max(draw, 0), 0.999999) * 100;
  let upTo = 0;
  for (const { prize, percent } of SPIN_PRIZES) {
    upTo += percent;
    if (point < upTo) return prize;
  }
  return "Better luck next time";
}
