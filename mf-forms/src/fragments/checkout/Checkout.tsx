import { LATE_PAYMENT_REFUNDED, lateRefundText, postcodeInput, RESERVATION_CONFIRMED } from "@dealer/shared/rules";
import { type FormEvent, useRef, useState } from "react";
import { Checkbox, fieldId, Hidden, TextField } from "../enquiry-form/fields";
import { SUBMIT_BUTTON_CLASS } from "../submit-button";
import { useFormEnhancer } from "../enquiry-form/use-form-enhancer";
import type { CheckoutFormProps, CheckoutProps, ConfirmationProps } from "./props";

export type { CheckoutProps } from "./props";

const TERMS_LABEL = "I agree to the reservation terms: the deposit holds this car for me and is refunded in full if I do not buy it";
const ID = "checkout";

/**
 * Reserve online (/cars/{slug}/checkout, /buy-online, /checkout-journey) and the confirmation after paying.
 * The server renders a complete <form method="post" action="/api/reservations">: without script the API
 * answers 303 to the payment page. With script, the first focus loads the form library and submit validates
 * in place, posts JSON and shows a refusal (the car was just reserved by someone else) on the page.
 */
export default function Checkout(props: CheckoutProps) {
  return props.mode === "confirmation" ? <Confirmation {...props} /> : <ReserveForm {...props} />;
}

function ReserveForm(props: CheckoutFormProps) {
  const { car } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const enhance = useFormEnhancer(formRef, (form) =>
    import("./submit-reservation").then(({ enhanceReserveForm }) => enhanceReserveForm(form, { errors: setErrors, failed: setFailure, submitting: setBusy })),
  );
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const ready = await enhance().catch(() => null);
    // The form library could not load: the plain form post still reserves.
    if (!ready) formRef.current?.submit();
    else await ready.submit();
  };
  const f = (name: string) => fieldId(ID, name);

  return (
    <section className="checkout" aria-labelledby={`${ID}-heading`}>
      <h1 id={`${ID}-heading`}>Reserve this {car.name}</h1>
      <div className="checkout__car">
        {car.image && <img src={car.image} alt={car.name} width={160} height={107} />}
        <p>
          <a href={car.href}>{car.name}</a>
          <br />
          {car.priceText} · Stock {car.stocknum}
          {car.dealership && (
            <>
              <br />
              {car.dealership}
            </>
          )}
        </p>
      </div>
      {props.unavailable ? (
        <p className="checkout__notice" role="status">
          {props.unavailable}
        </p>
      ) : (
        <>
          {props.deposit && (
            <div className="checkout__deposit">
              <h2>{props.reserveLabel}</h2>
              <p>{props.deposit}.</p>
            </div>
          )}
          {(props.moneyBack || props.returnTerms) && (
            <div className="checkout__terms">
              {props.moneyBack && <p className="checkout__money-back">{props.moneyBack}</p>}
              {props.returnTerms && <p>{props.returnTerms}</p>}
            </div>
          )}
          <form ref={formRef} className="enquiry-form__form checkout__form" method="post" action="/api/reservations" noValidate onSubmit={onSubmit} onFocus={() => enhance().catch(() => undefined)} aria-busy={busy}>
            <Hidden name="car" value={car.slug} />
            <Hidden name="idempotency_key" value={props.idempotencyKey} />
            <div className="enquiry-form__hp" aria-hidden="true">
              <label htmlFor={f("website")}>Leave this empty</label>
              <input id={f("website")} name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <fieldset className="enquiry-form__step">
              <legend>Your details</legend>
              <TextField id={f("values.name")} name="values.name" label="Name" autoComplete="name" maxLength={200} defaultValue={props.prefill.name} error={errors["values.name"]} />
              <TextField id={f("values.email")} name="values.email" label="Email" type="email" autoComplete="email" maxLength={254} defaultValue={props.prefill.email} error={errors["values.email"]} />
              <TextField id={f("values.phone")} name="values.phone" label="Phone" type="tel" autoComplete="tel" maxLength={30} defaultValue={props.prefill.phone} error={errors["values.phone"]} />
              <TextField
                id={f("values.postcode")}
                name="values.postcode"
                label="Postcode"
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={4}
                error={errors["values.postcode"]}
                onInput={(event) => {
                  event.currentTarget.value = postcodeInput(event.currentTarget.value);
                }}
              />
              <Checkbox id={f("values.opt_in")} name="values.opt_in" label="Keep me updated with news and offers" />
              <Checkbox id={f("values.terms_conditions")} name="values.terms_conditions" label={TERMS_LABEL} error={errors["values.terms_conditions"]} />
            </fieldset>
            {failure && (
              <p className="checkout__failure" role="alert">
                {failure}
              </p>
            )}
            <button type="submit" className={SUBMIT_BUTTON_CLASS} disabled={busy}>
              {props.deposit ? `${props.reserveLabel}: pay the deposit` : props.reserveLabel}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

function Confirmation(props: ConfirmationProps) {
  const heading = {
    paid: RESERVATION_CONFIRMED,
    awaiting_payment: "Your payment was not completed",
    lapsed: "This reservation has ended",
    refunded: LATE_PAYMENT_REFUNDED,
    unknown: "Reservation not found",
  }[props.state];
  return (
    <section className="checkout" aria-labelledby={`${ID}-heading`}>
      <h1 id={`${ID}-heading`}>{heading}</h1>
      {props.state === "paid" && (
        <p role="status">
          {props.car ? <a href={props.car.href}>{props.car.name}</a> : "The car"} is held for you until {props.holdUntil}.
          {props.amountText ? ` Your ${props.amountText} deposit is paid and 100% refundable.` : ""} The dealership will contact you shortly.
        </p>
      )}
      {props.reference && (
        <p>
          Your reservation reference: <code>{props.reference}</code>.{" "}
          <a href={`/online-payment?purpose=reservation&reference=${encodeURIComponent(props.reference)}`}>Pay more towards this reservation online</a>
        </p>
      )}
      {props.state === "awaiting_payment" && (
        <>
          <p>You have not been charged. The car stays held for you for a few minutes: you can pay with another card.</p>
          {props.paymentUrl && <a href={props.paymentUrl}>Pay the deposit</a>}
        </>
      )}
      {props.state === "refunded" && <p role="status">{lateRefundText(props.amountText)}</p>}
      {props.state !== "paid" && props.state !== "awaiting_payment" && <p>{props.car ? <a href={props.car.href}>Back to the {props.car.name}</a> : <a href="/search">Search our stock</a>}</p>}
    </section>
  );
}
