import { driveAwayEstimateAtom, sessionAtom } from "@dealer/shared/atoms";
import { readPlace, savePlace, type StoredPlace } from "@dealer/shared/buyer-choices";
import { readCustomer } from "@dealer/shared/customer-storage";
import {
  ACCOUNT_POSTCODE_NOTE,
  ACCOUNT_POSTCODE_PATH,
  AU_STATES,
  DRIVE_AWAY_FORM_FIELDS,
  type DriveAwayEstimate,
  driveAwayMoney,
  estimateAsAtText,
  POSTCODE_LENGTH,
  postcodeInput,
  registrationPlace,
  unconfirmedText,
} from "@dealer/shared/rules";
import { useAtom, useSetAtom } from "jotai";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { DriveAwayPanelProps } from "./props";

/** Served by mf-vehicle through the gateway (mf-vehicle/src/api/buyer-tools.ts). */
const DRIVE_AWAY_PATH = "/api/drive-away";
const FAILED = "Sorry, the estimate could not be worked out just now. Please try again, or ask the dealer.";

type Shown = { kind: "idle" } | { kind: "loading" } | { kind: "estimate"; estimate: DriveAwayEstimate } | { kind: "failed" };
type FieldError = DriveAwayPanelProps["asked"]["error"];

const isEstimate = (body: unknown): body is DriveAwayEstimate =>
  typeof body === "object" && body !== null && "total" in body && "parts" in body && Array.isArray((body as { parts: unknown }).parts);

/**
 * The shopper's drive-away price in their own state (issue 34), beside the car's price: a state or a postcode
 * (remembered on the device, else a signed-in shopper's account postcode, else the postcode the shopper's saved details
 * hold), then the total and its parts, the date the rates are as at and their sources. A postcode a signed-in shopper
 * asks for is kept with their account on this site (ADR 0079). Without JavaScript the form reloads the page with the estimate.
 */
export function DriveAway({ carId, priceType, asked }: DriveAwayPanelProps) {
  const id = useId();
  const [state, setState] = useState(asked.state);
  const [postcode, setPostcode] = useState(asked.postcode);
  const [error, setError] = useState<FieldError>(asked.error);
  const [shown, setShown] = useState<Shown>(asked.estimate ? { kind: "estimate", estimate: asked.estimate } : { kind: "idle" });
  const share = useSetAtom(driveAwayEstimateAtom);
  const [session, setSession] = useAtom(sessionAtom);
  const [ready, setReady] = useState(false);

  /** A signed-in shopper's new postcode goes with their account (this site's only); a failure costs the estimate nothing. */
  const keepWithAccount = (postcode: string) => {
    if (session.userId === null || session.postcode === postcode) return;
    fetch(ACCOUNT_POSTCODE_PATH, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ postcode }) })
      .then((response) => {
        if (response.ok) setSession({ ...session, postcode });
        else console.warn(`[vehicle] account postcode answered ${response.status}`);
      })
      .catch((failure: unknown) => console.warn("[vehicle] account postcode not kept", failure));
  };

  const ask = async (place: { state: string; postcode: string }) => {
    const checked = registrationPlace(place);
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.message });
      setShown({ kind: "idle" });
      return;
    }
    setError(null);
    setShown({ kind: "loading" });
    const stored: StoredPlace = place.state ? { state: checked.state } : { postcode: place.postcode.trim() };
    const query = "state" in stored ? `state=${stored.state}` : `postcode=${stored.postcode}`;
    try {
      const response = await fetch(`${DRIVE_AWAY_PATH}?car_id=${carId}&${query}`);
      const body: unknown = await response.json();
      if (!response.ok || !isEstimate(body)) throw new Error(`drive-away answered ${response.status}`);
      setShown({ kind: "estimate", estimate: body });
      share({ carId, estimate: body });
      savePlace(localStorage, stored);
      if ("postcode" in stored) keepWithAccount(stored.postcode);
    } catch (failure) {
      console.warn("[vehicle] drive-away estimate failed", failure);
      setShown({ kind: "failed" });
    }
  };

  // A place picked on this device, else the signed-in account's postcode, else that of the shopper's saved details, is
  // asked for once the panel runs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render in the browser
  useEffect(() => {
    setReady(true);
    if (asked.estimate) {
      share({ carId, estimate: asked.estimate });
      return;
    }
    if (asked.error) return;
    const saved = readPlace(localStorage);
    const postcodes = [session.userId === null ? null : session.postcode, readCustomer(localStorage)?.postcode];
    const known = postcodes.find((candidate): candidate is string => typeof candidate === "string" && /^\d{4}$/.test(candidate));
    const place = saved ?? (known ? { postcode: known } : null);
    if (!place) return;
    const next = "state" in place ? { state: place.state, postcode: "" } : { state: "", postcode: place.postcode };
    setState(next.state);
    setPostcode(next.postcode);
    void ask(next);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void ask({ state, postcode });
  };
  const describedBy = (field: "state" | "postcode") => (error?.field === field ? `${id}-error` : undefined);

  return (
    <section className="drive-away" aria-labelledby={`${id}-title`} data-testid="drive-away" data-ready={ready ? "true" : undefined}>
      <h2 id={`${id}-title`} className="drive-away__title">
        Drive-away price in your state
      </h2>
      <p className="drive-away__type">The price shown is {priceType}.</p>
      <form className="drive-away__form" method="get" noValidate onSubmit={submit}>
        <label htmlFor={`${id}-state`}>State or territory</label>
        <select
          id={`${id}-state`}
          name={DRIVE_AWAY_FORM_FIELDS.state}
          value={state}
          onChange={(event) => {
            setState(event.target.value);
            if (event.target.value) setPostcode("");
          }}
          aria-invalid={error?.field === "state" ? true : undefined}
          aria-describedby={describedBy("state")}
        >
          <option value="">Choose…</option>
          {AU_STATES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-postcode`}>or postcode</label>
        <input
          id={`${id}-postcode`}
          name={DRIVE_AWAY_FORM_FIELDS.postcode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={POSTCODE_LENGTH}
          value={postcode}
          onChange={(event) => {
            setPostcode(postcodeInput(event.target.value));
            setState("");
          }}
          aria-invalid={error?.field === "postcode" ? true : undefined}
          aria-describedby={describedBy("postcode")}
        />
        <button type="submit" className="button button--secondary" disabled={shown.kind === "loading"}>
          {shown.kind === "loading" ? "Working it out…" : "Show drive-away price"}
        </button>
        {error && (
          <p id={`${id}-error`} className="drive-away__error" role="alert">
            {error.message}
          </p>
        )}
      </form>
      {session.userId !== null && <p className="drive-away__note">{ACCOUNT_POSTCODE_NOTE}</p>}
      <div className="drive-away__result" aria-live="polite">
        {shown.kind === "estimate" && <Estimate estimate={shown.estimate} />}
        {shown.kind === "failed" && <p className="drive-away__error">{FAILED}</p>}
      </div>
    </section>
  );
}

function Estimate({ estimate }: { estimate: DriveAwayEstimate }) {
  return (
    <>
      <p className="drive-away__total" data-testid="drive-away-total">
        <strong>{driveAwayMoney(estimate.total)}</strong> drive away in {estimate.state}
      </p>
      {estimate.note && <p className="drive-away__note">{estimate.note}</p>}
      <table className="drive-away__parts" aria-label="What the drive-away price is made of">
        <tbody>
          {estimate.parts.map((part) => (
            <tr key={part.name} data-testid="drive-away-part">
              <th scope="row">{part.name}</th>
              <td>{driveAwayMoney(part.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* A stale cached answer from before ADR 0090 has no list. */}
      {estimate.unconfirmed?.length ? (
        <p className="drive-away__note" data-testid="drive-away-unconfirmed">
          {unconfirmedText(estimate.state, estimate.unconfirmed)}
        </p>
      ) : null}
      <p className="drive-away__as-at">
        {estimateAsAtText(estimate.asAt)}. Sources:{" "}
        {estimate.sources.map((source, index) => (
          <span key={source.url}>
            {index > 0 && "; "}
            <a href={source.url} rel="noopener noreferrer" target="_blank">
              {source.name}
            </a>
          </span>
        ))}
      </p>
    </>
  );
}
