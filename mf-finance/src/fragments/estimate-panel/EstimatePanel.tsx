import { formatMoneyCents, formatRate, repaymentBasisText, YOUX_LOAN_TERM_YEARS } from "@dealer/shared/rules";
import { useId, useRef } from "react";
import { useYouxQuote } from "../../youx/use-youx-quote";
import type { EstimateFigure, EstimatePanelProps } from "./props";

export type { EstimatePanelProps } from "./props";

const PER = { weekly: "per week", monthly: "per month" } as const;

/**
 * The finance estimate panel: the car's advertised repayment (the same figure as its card, finance box, sticky
 * header and compare row) or the standard estimate, its rate and comparison rate side by side at the same size,
 * what it assumes, and a 'View disclaimer' dialog with the whole disclaimer.
 */
export default function EstimatePanel(props: EstimatePanelProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const { quote, loading } = useYouxQuote(props.hidden ? null : props.quoteRequest);
  if (props.hidden) return null;
  const { disclaimer } = props;
  // A live quote, asked for a car without another figure, is its figure.
  const figure: EstimateFigure | null = quote
    ? {
        amount: quote.weeklyRepaymentAmount,
        frequency: "weekly",
        interestRate: quote.advertisedRate,
        comparisonRate: quote.comparisonRate,
        source: "quote",
        price: props.quoteRequest?.purchasePrice ?? 0,
        deposit: 0,
        balloon: 0,
        termYears: YOUX_LOAN_TERM_YEARS,
      }
    : props.figure;
  if (!figure) {
    // A live quote is the car's only figure: nothing until it answers, and nothing if it fails.
    return loading ? (
      <p className="estimate-panel__quote" role="status">
        Getting your quote…
      </p>
    ) : null;
  }

  return (
    <section className="estimate-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="estimate-panel__heading">
        {figure.source === "quote" ? "Your finance quote" : "Finance estimate"}
      </h2>
      <p className="estimate-panel__repayment">
        <span className="estimate-panel__amount" data-testid="estimate-repayment">
          {formatMoneyCents(figure.amount)}
        </span>{" "}
        <span className="estimate-panel__per">{PER[figure.frequency]}</span>
      </p>
      <dl className="estimate-panel__rates">
        <div>
          <dt>Advertised rate</dt>
          <dd data-testid="advertised-rate">{formatRate(figure.interestRate)}</dd>
        </div>
        <div>
          <dt>Comparison rate</dt>
          <dd data-testid="comparison-rate">{formatRate(figure.comparisonRate)}</dd>
        </div>
      </dl>
      <p className="estimate-panel__assumptions" data-testid="estimate-assumptions">
        {repaymentBasisText(figure)}
      </p>
      <button ref={opener} type="button" className="estimate-panel__disclaimer-button" onClick={() => dialog.current?.showModal()}>
        View disclaimer
      </button>
      <dialog ref={dialog} className="estimate-panel__dialog" aria-labelledby={`${id}-dialog-heading`} onClose={() => opener.current?.focus()}>
        <h3 id={`${id}-dialog-heading`}>Finance disclaimer</h3>
        <p data-testid="disclaimer-text">{disclaimer}</p>
        <form method="dialog">
          <button type="submit" className="button">
            Close
          </button>
        </form>
      </dialog>
    </section>
  );
}
