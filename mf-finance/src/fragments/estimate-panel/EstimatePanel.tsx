import {
  DISCLAIMER_EXCERPT_LIMIT,
  ESTIMATE_DEPOSIT_SHARE,
  ESTIMATE_FINAL_PAYMENT_SHARE,
  financeEstimate,
  formatMoney,
  formatMoneyCents,
  formatRate,
  truncateText,
  YOUX_LOAN_TERM_YEARS,
} from "@dealer/shared/rules";
import { useId, useRef } from "react";
import { useYouxQuote } from "../../youx/use-youx-quote";
import type { EstimatePanelProps } from "./props";

export type { EstimatePanelProps } from "./props";

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The finance estimate panel: monthly repayment under the estimate assumptions (5 years, 10% deposit,
 * 30% final payment), the advertised and comparison rates side by side at the same size ('-' when missing),
 * and a 'View disclaimer' dialog with the 197-character excerpt.
 */
export default function EstimatePanel(props: EstimatePanelProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const { quote, loading } = useYouxQuote(props.hidden ? null : props.quoteRequest);
  if (props.hidden) return null;
  const { price, disclaimer } = props;
  // A quote, once it arrives, supplies the rates the lender's figures lack.
  const advertisedRate = props.advertisedRate ?? quote?.advertisedRate ?? null;
  const comparisonRate = props.comparisonRate ?? quote?.comparisonRate ?? null;
  const estimateRate = props.advertisedRate ?? quote?.advertisedRate ?? props.estimateRate;
  const estimate = financeEstimate(price, estimateRate);
  const excerpt = truncateText(disclaimer, DISCLAIMER_EXCERPT_LIMIT).text;

  return (
    <section className="estimate-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="estimate-panel__heading">
        Finance estimate
      </h2>
      <p className="estimate-panel__repayment">
        <span className="estimate-panel__amount" data-testid="estimate-monthly">
          {formatMoneyCents(estimate.monthly)}
        </span>{" "}
        <span className="estimate-panel__per">per month</span>
        <span className="estimate-panel__weekly">{`about ${formatMoneyCents(estimate.weekly)} per week`}</span>
      </p>
      {loading && (
        <p className="estimate-panel__quote" role="status">
          Getting your quote…
        </p>
      )}
      {quote && (
        <p className="estimate-panel__quote" data-testid="youx-quote">
          {`Quote: ${formatMoneyCents(quote.weeklyRepaymentAmount)} per week over ${YOUX_LOAN_TERM_YEARS} years`}
        </p>
      )}
      <dl className="estimate-panel__rates">
        <div>
          <dt>Advertised rate</dt>
          <dd data-testid="advertised-rate">{formatRate(advertisedRate)}</dd>
        </div>
        <div>
          <dt>Comparison rate</dt>
          <dd data-testid="comparison-rate">{formatRate(comparisonRate)}</dd>
        </div>
      </dl>
      <p className="estimate-panel__assumptions">
        {`Based on ${formatMoney(price)} over ${estimate.termYears} years at ${formatRate(estimateRate)} p.a. with a ${percent(ESTIMATE_DEPOSIT_SHARE)} deposit (${formatMoney(estimate.deposit)}) and a ${percent(ESTIMATE_FINAL_PAYMENT_SHARE)} final payment (${formatMoney(estimate.finalPayment)}).`}
      </p>
      <button ref={opener} type="button" className="estimate-panel__disclaimer-button" onClick={() => dialog.current?.showModal()}>
        View disclaimer
      </button>
      <dialog ref={dialog} className="estimate-panel__dialog" aria-labelledby={`${id}-dialog-heading`} onClose={() => opener.current?.focus()}>
        <h3 id={`${id}-dialog-heading`}>Finance disclaimer</h3>
        <p>{excerpt}</p>
        <form method="dialog">
          <button type="submit" className="button">
            Close
          </button>
        </form>
      </dialog>
    </section>
  );
}
