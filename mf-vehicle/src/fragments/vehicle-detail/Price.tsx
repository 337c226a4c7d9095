import { FINANCE_DISCLAIMER_ANCHOR } from "@dealer/shared/rules";
import { PriceBlock } from "@dealer/shared/ui";
import type { VehicleInteractiveProps } from "./props";

/** The repayment as the price block writes it, with its rates in the same line (ADR 0038). */
export function repaymentLine(repayment: VehicleInteractiveProps["repayment"]): { weekly?: string; rate?: string } {
  return repayment ? { weekly: `Finance ${repayment.text}`, rate: `at ${repayment.rates}` } : {};
}

/**
 * Under every repayment the car page shows: its terms and a link to the calculator's disclaimer, which the page has
 * whenever it has a figure (ADR 0065).
 */
export function RepaymentTerms({ repayment, className }: { repayment: VehicleInteractiveProps["repayment"]; className: string }) {
  if (!repayment) return null;
  return (
    <p className={className}>
      {repayment.terms}
      <a className="finance-star" href={FINANCE_DISCLAIMER_ANCHOR} aria-label="See the finance disclaimer">
        *
      </a>
    </p>
  );
}

type PriceProps = Pick<VehicleInteractiveProps, "price" | "priceLabels" | "repayment">;

/**
 * The car's price block (design system): the offer with the before price struck, or PREORDER / the no-price text, its
 * type, and the car's one advertised repayment with its rates (ADR 0038); a subscription is its own weekly offer.
 */
export function Price({ price, priceLabels: labels, repayment }: PriceProps) {
  const weekly = repaymentLine(repayment);
  return (
    <>
      {price.kind === "price" ? (
        <PriceBlock amount={labels.amount} type={labels.type} before={labels.before} {...weekly} />
      ) : (
        <PriceBlock amount={price.text} text {...weekly} />
      )}
      <RepaymentTerms repayment={repayment} className="vehicle-detail__repayment-terms" />
      {labels.subscription && (
        <p className="vehicle-detail__subscription" data-testid="subscription-offer">
          {`Or subscribe from ${labels.subscription}`}
        </p>
      )}
    </>
  );
}
