import { z } from "zod";

/** What /online-payment pays for (ADR 0040). */
export const ONLINE_PAYMENT_PURPOSES = ["reservation", "service_invoice"] as const;
export type OnlinePaymentPurpose = (typeof ONLINE_PAYMENT_PURPOSES)[number];
/** The most one online payment takes: a reservation's balance or a service invoice, not a car's full price. */
export const ONLINE_PAYMENT_MAX_DOLLARS = 50_000;

/** '1,250.50' or '$1250.5' as a number of dollars (the amount box of a plain form post). */
const dollars = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/[\s,$]/g, "") : value),
  z.coerce
    .number({ error: "Please enter the amount to pay." })
    .refine((amount) => Number.isFinite(amount) && Math.round(amount * 100) === amount * 100, "Please enter the amount in dollars and cents.")
    .refine((amount) => amount >= 1 && amount <= ONLINE_PAYMENT_MAX_DOLLARS, `The amount must be between $1 and $${ONLINE_PAYMENT_MAX_DOLLARS.toLocaleString("en-AU")}.`),
);

/** POST /api/payments/online: a signed-in shopper's payment for a reservation (its reference) or a service invoice. */
export const onlinePaymentRequestSchema = z.object({
  purpose: z.enum(ONLINE_PAYMENT_PURPOSES, { error: "Please choose what you are paying for." }),
  reference: z
    .string({ error: "Please enter the reservation reference or invoice number." })
    .trim()
    .min(1, "Please enter the reservation reference or invoice number.")
    .max(64, "The reference is at most 64 characters.")
    .regex(/^[A-Za-z0-9_-]+$/, "The reference has letters, digits and dashes only."),
  amount: dollars,
});
export type OnlinePaymentRequest = z.infer<typeof onlinePaymentRequestSchema>;

/** POST /api/spin-to-win: the shopper agrees to the promotion's terms to enter. */
export const spinEntryRequestSchema = z.object({
  terms: z.union([z.literal(true), z.literal("true"), z.literal("on")], { error: "Please agree to the promotion's terms to enter." }),
});
