import { track } from "@dealer/shared/analytics";
import { DELIVERY_UNKNOWN_LOCATION, POSTCODE_LENGTH, deliveryPostcodeError, formatMoney, postcodeInput } from "@dealer/shared/rules";
import { type FormEvent, useId, useState } from "react";
import { VEHICLE_EVENTS } from "../../analytics-events";

export type DeliveryCostProps = { carId: number };

/** Served by mf-vehicle through the gateway (mf-vehicle/src/api/extras.ts). */
export const DELIVERY_ESTIMATES_PATH = "/api/vehicles/delivery-estimates";

type State =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "result"; region: string; price: number }
  | { kind: "error"; message: string };

const isEstimate = (body: unknown): body is { estimate: { region: string; price: number } | null } =>
  typeof body === "object" && body !== null && "estimate" in body;

/** Delivery cost to a postcode from the car's dealership's price table: idle, loading, result or error (spec §4). */
export default function DeliveryCost({ carId }: DeliveryCostProps) {
  const id = useId();
  const [postcode, setPostcode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: "idle" });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = deliveryPostcodeError(postcode);
    setFieldError(error);
    // A new error replaces the last estimate: an old price beside it would read as the answer for this postcode.
    if (error) {
      setState({ kind: "idle" });
      return;
    }
    setState({ kind: "loading" });
    try {
      const response = await fetch(DELIVERY_ESTIMATES_PATH, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ car_id: carId, postcode: postcode.trim() }),
      });
      const body: unknown = await response.json();
      const estimate = response.ok && isEstimate(body) ? body.estimate : null;
      setState(estimate ? { kind: "result", ...estimate } : { kind: "error", message: DELIVERY_UNKNOWN_LOCATION });
      track({ kind: "event", id: VEHICLE_EVENTS.deliveryEstimate, data: { car_id: carId, postcode: postcode.trim(), found: Boolean(estimate) } });
    } catch (failure) {
      // No answer is no estimate: the shopper is pointed at the enquiry form and the phone, as for an unknown place.
      console.warn("[vehicle] delivery estimate failed", failure);
      setState({ kind: "error", message: DELIVERY_UNKNOWN_LOCATION });
    }
  };

  return (
    <section className="delivery-cost" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delivery cost calculator</h2>
      <form className="delivery-cost__form" noValidate onSubmit={submit}>
        <label htmlFor={`${id}-postcode`}>Your postcode</label>
        <input
          id={`${id}-postcode`}
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={POSTCODE_LENGTH}
          value={postcode}
          onChange={(event) => setPostcode(postcodeInput(event.target.value))}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
        />
        <button type="submit" className="button button--primary" disabled={state.kind === "loading"}>
          {state.kind === "loading" ? "Calculating…" : "Calculate delivery"}
        </button>
        {fieldError && (
          <p id={`${id}-error`} className="delivery-cost__field-error" role="alert">
            {fieldError}
          </p>
        )}
      </form>
      <div className="delivery-cost__result" aria-live="polite">
        {state.kind === "result" && (
          <p data-testid="delivery-result">
            Delivery to {state.region}: <strong>{formatMoney(state.price)}</strong>
          </p>
        )}
        {state.kind === "error" && <p className="delivery-cost__error">{state.message}</p>}
      </div>
    </section>
  );
}
