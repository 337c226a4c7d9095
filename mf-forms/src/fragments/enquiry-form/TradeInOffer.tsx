import { FORM_SUBMIT_ERROR, formatMoney, SUCCESS_PATH, type TradeInValuation } from "@dealer/shared/rules";
import { useEffect, useRef } from "react";

type Props = { id: string; valuation: TradeInValuation; submitting: boolean; error: string | null; onAccept: () => void };

/**
 * A sent trade-in's online valuation: the estimate range and the dealer's offer with Accept, or why
 * there is no online estimate. Shown in place of the form; focus moves to its heading.
 */
export function TradeInOffer({ id, valuation, submitting, error, onAccept }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="trade-in-offer" aria-live="polite">
      <h3 ref={heading} id={`${id}-offer`} tabIndex={-1} className="trade-in-offer__heading">
        {valuation.estimate ? "Your online valuation" : "Thanks, we have your car's details"}
      </h3>
      {valuation.estimate ? (
        <>
          <p>
            Estimated trade-in value: <strong className="trade-in-offer__range">{`${formatMoney(valuation.low)} – ${formatMoney(valuation.high)}`}</strong>
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
          <p className="trade-in-offer__note">Based on {valuation.comparables === 1 ? "1 similar car" : `${valuation.comparables} similar cars`} in our stock and your answers; subject to an inspection.</p>
          <button type="button" className="enquiry-form__submit" disabled={submitting} onClick={onAccept}>
            {submitting && <span className="enquiry-form__spinner" aria-hidden="true" />}
            Accept offer
          </button>{" "}
          <a href={SUCCESS_PATH}>Not now</a>
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
