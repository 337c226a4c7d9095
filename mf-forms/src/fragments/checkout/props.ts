/** The checkout fragment's props: the reserve form for a car, or a reservation's confirmation. */
export type CheckoutCar = { id: number; slug: string; name: string; href: string; priceText: string; stocknum: string; image: string | null; dealership: string };

export type CheckoutFormProps = {
  mode: "checkout";
  car: CheckoutCar;
  /** Why the car cannot be reserved now (already reserved, sold, not offered online); the form is left out. */
  unavailable: string | null;
  /** 'Reserve Now $200' (no amount at $0). */
  reserveLabel: string;
  /** '$200 deposit, held 48 hours, 100% refundable'; null at $0. */
  deposit: string | null;
  /** Used cars: the 48 hour money-back guarantee. */
  moneyBack: string | null;
  /** The used-car return terms of the dealership that has them. */
  returnTerms: string | null;
  /** The signed-in shopper's details, filled in on the server. */
  prefill: { name: string; email: string; phone: string };
  /** Sent with a plain form post, so a double submit takes one hold. */
  idempotencyKey: string;
};

export type ConfirmationProps = {
  mode: "confirmation";
  /** refunded: the payment came after the hold lapsed and was given back (ADR 0027). */
  state: "paid" | "awaiting_payment" | "lapsed" | "refunded" | "unknown";
  car: Pick<CheckoutCar, "name" | "href"> | null;
  /** Paid: when the hold ends, as the shopper reads it. */
  holdUntil: string | null;
  amountText: string | null;
  /** Awaiting payment: back to the processor's page. */
  paymentUrl: string | null;
  /** Paid: the reservation's reference, which /online-payment takes for a further payment (ADR 0040). */
  reference: string | null;
};

export type CheckoutProps = CheckoutFormProps | ConfirmationProps;
