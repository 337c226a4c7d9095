import { SUBMIT_BUTTON_CLASS } from "../submit-button";
export type OnlinePaymentProps =
  | { mode: "form"; purpose: string; reference: string }
  | { mode: "receipt"; state: "paid" | "awaiting_payment" | "unknown"; what: string; amountText: string; paymentUrl: string | null };

const PURPOSES = [
  { value: "reservation", label: "A reservation (deposit or balance)" },
  { value: "service_invoice", label: "A service invoice" },
];

/**
 * /online-payment (ADR 0040): what the signed-in shopper pays for and how much, posted as a plain form to
 * /api/payments/online, which sends them to the dealer's card processor; back here, the payment's receipt.
 */
export default function OnlinePayment(props: OnlinePaymentProps) {
  if (props.mode === "receipt") {
    return (
      <section className="checkout" aria-labelledby="online-payment-title">
        <h1 id="online-payment-title">{props.state === "paid" ? "Payment received" : props.state === "awaiting_payment" ? "Payment not yet received" : "Online payment"}</h1>
        {props.state === "unknown" ? (
          <p role="alert">We could not find this payment. <a href="/online-payment">Make a payment</a></p>
        ) : (
          <>
            <p role="status">
              {props.what}: <strong>{props.amountText}</strong>
            </p>
            {props.state === "paid" ? (
              <p>Thank you. The dealership has your payment and will send a tax invoice by e-mail.</p>
            ) : (
              <p>
                You have not been charged. {props.paymentUrl && <a href={props.paymentUrl}>Continue to payment</a>}
              </p>
            )}
          </>
        )}
      </section>
    );
  }
  return (
    <section className="checkout" aria-labelledby="online-payment-title">
      <h1 id="online-payment-title">Online payment</h1>
      <p>Pay a reservation deposit or balance, or a service invoice, by card through the dealership's secure payment page.</p>
      <form className="enquiry-form__form" method="post" action="/api/payments/online">
        <div className="enquiry-form__field">
          <label htmlFor="online-payment-purpose" className="enquiry-form__label">
            What are you paying for?
          </label>
          <select id="online-payment-purpose" name="purpose" className="enquiry-form__input" defaultValue={props.purpose} required>
            <option value="">Choose one</option>
            {PURPOSES.map((purpose) => (
              <option key={purpose.value} value={purpose.value}>
                {purpose.label}
              </option>
            ))}
          </select>
        </div>
        <div className="enquiry-form__field">
          <label htmlFor="online-payment-reference" className="enquiry-form__label">
            Reservation reference or invoice number
          </label>
          <input id="online-payment-reference" name="reference" className="enquiry-form__input" defaultValue={props.reference} maxLength={64} pattern="[A-Za-z0-9_-]+" autoComplete="off" required />
        </div>
        <div className="enquiry-form__field">
          <label htmlFor="online-payment-amount" className="enquiry-form__label">
            Amount
          </label>
          <div className="enquiry-form__affix">
            <span aria-hidden="true">$</span>
            <input id="online-payment-amount" name="amount" className="enquiry-form__input" inputMode="decimal" maxLength={10} pattern="[0-9,]+(\.[0-9]{1,2})?" required />
          </div>
        </div>
        <button type="submit" className={SUBMIT_BUTTON_CLASS}>
          Continue to payment
        </button>
      </form>
    </section>
  );
}
