import { formatMoneyCents, formatRate, WEEKLY_SUFFIX } from "@dealer/shared/rules";
import type { FinanceBoxProps } from "./props";

export type { FinanceBoxProps } from "./props";

/** The vehicle sidebar's finance box: the lender's repayment, rate and comparison rate, and the finance link. */
export default function FinanceBox(props: FinanceBoxProps) {
  if (props.hidden) return null;
  const { repayment, terms, interestRate, comparisonRate, lenderDisclaimer, link, buttonLabel } = props;
  return (
    <section className="finance-box" aria-label="Finance">
      {repayment && (
        <p className="finance-box__repayment">
          <span className="finance-box__amount">{formatMoneyCents(repayment.amount)}</span>
          <span className="finance-box__per">{repayment.period === "week" ? WEEKLY_SUFFIX : "/mth"}</span>
          {lenderDisclaimer ? null : (
            <a className="finance-box__star" href="#financeDisclaimer" aria-label="See the finance disclaimer">
              *
            </a>
          )}
        </p>
      )}
      <dl className="finance-box__rates">
        <div>
          <dt>Interest rate</dt>
          <dd>{`${formatRate(interestRate)} p.a.`}</dd>
        </div>
        <div>
          <dt>Comparison rate</dt>
          <dd>{`${formatRate(comparisonRate)} p.a.`}</dd>
        </div>
      </dl>
      <p className="finance-box__terms">{terms}</p>
      <p className="finance-box__actions">
        <a className="button button--primary" href={link}>
          {buttonLabel}
        </a>
        <a className="finance-box__calculate" href="#finance-calculator">
          Calculate repayments
        </a>
      </p>
      {lenderDisclaimer && <p className="finance-box__disclaimer">{lenderDisclaimer}</p>}
    </section>
  );
}
