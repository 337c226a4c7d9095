import { PriceBlock } from "@dealer/shared/ui";
import type { VehicleInteractiveProps } from "./props";

/** The repayment as the price block writes it, with its rates in the same line (ADR 0038). */
export function repaymentLine(repayment: VehicleInteractiveProps["repayment"]): { weekly?: string; rate?: string } {
  return repayment ? { weekly: `Finance ${repayment.text}`, rate: `at ${repayment.rates}` } : {};
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
      {labels.subscription && (
        <p className="vehicle-detail__subscription" data-testid="subscription-offer">
          {`Or subscribe from ${labels.subscription}`}
        </p>
      )}
    </>
  );
}
