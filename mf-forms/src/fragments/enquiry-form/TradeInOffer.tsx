import { countOf, FORM_SUBMIT_ERROR, formatMoney, OFFER_ACCEPTED_SUBCATEGORY, SUCCESS_PATH, type TradeInValuation } from "@dealer/shared/rules";
import { useEffect, useRef } from "react";
import { SUBMIT_BUTTON_CLASS } from "../submit-button";

/** Accept as a plain form post (the page the API answers a trade-in posted without script): the acceptance's fields. */
export type PlainAcceptance = { leadId: number; leadKey: string; category: string };

/** The key an offer's acceptance is sent under, by the script and by the plain form alike: a double post is one acceptance. */
export const acceptanceIdempotencyKey = (leadKey: string) => `${leadKey}:accepted`;

/** The offer's heading, also the title of the page that shows it without script. */
export const offerHeading = (valuation: TradeInValuation) => (valuation.estimate ? "Your online valuation" : "Thanks, we have your car's details");

/** A car offered for sale is valued as a sale, not as a trade-in (issue 33). */
export const estimateLabel = (selling: boolean) => (selling ? "Estimated sale value" : "Estimated trade-in value");

type Props = { id: string; valuation: TradeInValuation; selling: boolean; submitting: boolean; error: string | null } & ({ onAccept: () => void } | { plain: PlainAcceptance });

/**
 * A sent trade-in's online valuation: the estimate range and the dealer's offer with Accept, or why
 * there is no online estimate. Shown in place of the form (focus moves to its heading), or without script
 * as the answer to the form's post, Accept then being a form of its own.
 */
export function TradeInOffer({ id, valuation, selling, submitting, error, ...accept }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="trade-in-offer" aria-live="polite">
      <h3 ref={heading} id={`${id}-offer`} tabIndex={-1} className="trade-in-offer__heading">
        {offerHeading(valuation)}
      </h3>
      {valuation.estimate ? (
        <>
          <p>
            {estimateLabel(selling)}: <strong className="trade-in-offer__range">{`${formatMoney(valuation.low)} – ${formatMoney(valuation.high)}`}</strong>
          </p>
          <p>
            Our offer: <strong className="trade-in-offer__offer">{formatMoney(valuation.offer)}</strong>
          </p>
          {error && (
            <div className="enquiry-form__form-error" role="alert">
              <p className="enquiry-form__errors-heading">{FORM_SUBMIT_ERROR}</p>
              {error !== FORM_SUBMIT_ERROR && <p>{error}</p>}
            </div>
          )}
          <p className="trade-in-offer__note">Based on {countOf(valuation.comparables, `similar ${valuation.noun ?? "car"}`)} in our stock and your answers; subject to an inspection.</p>
          {"plain" in accept ? (
            <form method="post" action="/api/leads">
              <input type="hidden" name="kind" value="offer_acceptance" />
              <input type="hidden" name="category" value={accept.plain.category} />
              <input type="hidden" name="subcategory" value={OFFER_ACCEPTED_SUBCATEGORY} />
              <input type="hidden" name="lead_id" value={accept.plain.leadId} />
              <input type="hidden" name="lead_key" value={accept.plain.leadKey} />
              <input type="hidden" name="form_completed" value="true" />
              <input type="hidden" name="offer_accepted" value="true" />
              <input type="hidden" name="idempotency_key" value={acceptanceIdempotencyKey(accept.plain.leadKey)} />
              <button type="submit" className={SUBMIT_BUTTON_CLASS}>
                Accept offer
              </button>{" "}
              <a href={SUCCESS_PATH}>Not now</a>
            </form>
          ) : (
            <>
              <button type="button" className={SUBMIT_BUTTON_CLASS} disabled={submitting} onClick={accept.onAccept}>
                {submitting && <span className="enquiry-form__spinner" aria-hidden="true" />}
                Accept offer
              </button>{" "}
              <a href={SUCCESS_PATH}>Not now</a>
            </>
          )}
        </>
      ) : (
        <>
          <p>{valuation.message}</p>
          <a href={SUCCESS_PATH}>Done</a>
        </>
      )}
    </div>
  );
}
