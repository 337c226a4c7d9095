import { z } from "zod";
import { emailSchema, LEAD_TEXT_MAX, leadText, phoneSchema, postcodeSchema, requiredText } from "./lead";
import { TERMS_CHECKBOX_MESSAGE } from "./forms";

/** The shopper's details on the checkout form; the terms of the reservation must be accepted. */
export const reservationCustomerSchema = z.object({
  name: requiredText("Please enter your name."),
  last_name: leadText().optional(),
  email: emailSchema,
  phone: phoneSchema,
  postcode: postcodeSchema,
  opt_in: z.boolean().default(false),
  terms_conditions: z.boolean({ error: TERMS_CHECKBOX_MESSAGE }).refine((agreed) => agreed, TERMS_CHECKBOX_MESSAGE),
});

/** POST /api/reservations: which car (its slug on this site) and who reserves it. */
export const reservationRequestSchema = z.object({
  car: z.string({ error: "Which car?" }).trim().min(1, "Which car?").max(LEAD_TEXT_MAX.short).regex(/^[a-z0-9][a-z0-9-]*$/, "Which car?"),
  values: reservationCustomerSchema,
});

export type ReservationRequest = z.infer<typeof reservationRequestSchema>;
export type ReservationCustomer = z.infer<typeof reservationCustomerSchema>;

/** What POST /api/reservations answers: the reservation's handle and where the shopper pays (or the confirmation at $0). */
export const reservationCreatedSchema = z.object({ reservation: z.string(), next_url: z.string() });
export type ReservationCreated = z.infer<typeof reservationCreatedSchema>;

/**
 * A payment processor's webhook event, in the card processor's shape (a Checkout Session event); the
 * local test processor sends the same. Only the fields acted on are read.
 */
export const paymentEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({
    object: z
      .object({
        id: z.string().min(1).max(255),
        client_reference_id: z.string().max(255).nullable().optional(),
        payment_status: z.string().max(64).optional(),
        amount_total: z.number().int().nonnegative().nullable().optional(),
        /** Stripe's payment behind a completed session: what a refund gives back. */
        payment_intent: z.string().max(255).nullable().optional(),
      })
      .loose(),
  }),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;
