import { buttonClass, PriceBlock } from "@dealer/shared/ui";
import { RepaymentTerms, repaymentLine } from "./Price";
import { STICKY_HEADER_AFTER_PX, useScrolledPast } from "./StickyBars";
import type { VehicleInteractiveProps } from "./props";
import { VehicleSavedToggles } from "./VehicleSavedToggles";

export type StickyHeaderProps = Pick<VehicleInteractiveProps, "car" | "saved" | "sticky" | "repayment">;

/** Image, name, transmission and body, price and type, the car's advertised repayment with its rates, Get Finance and Trade-In Valuation. */
export function StickyHeader({ car, saved, sticky, repayment }: StickyHeaderProps) {
  const title = car.title;
  const shown = useScrolledPast(STICKY_HEADER_AFTER_PX);
  return (
    <div className="vehicle-sticky-header" hidden={!shown} data-testid="sticky-header">
      {sticky.image && <img className="vehicle-sticky-header__image" {...sticky.image} alt="" loading="lazy" />}
      <div className="vehicle-sticky-header__text">
        <p className="vehicle-sticky-header__name">{title}</p>
        {sticky.summary && <p className="vehicle-sticky-header__summary">{sticky.summary}</p>}
      </div>
      <div className="vehicle-sticky-header__price">
        <PriceBlock size="sm" amount={sticky.priceText} type={sticky.priceType} {...repaymentLine(repayment)} />
        <RepaymentTerms repayment={repayment} className="vehicle-sticky-header__terms" />
      </div>
      <div className="vehicle-sticky-header__actions">
        <VehicleSavedToggles car={car} saved={saved} />
        {sticky.financeHref && (
          <a className={buttonClass({ variant: "primary", size: "sm" }, "vehicle-action--finance")} href={sticky.financeHref}>
            Get Finance
          </a>
        )}
        {sticky.tradeInHref && (
          <a className={buttonClass({ size: "sm" }, "vehicle-action--tradeIn")} href={sticky.tradeInHref}>
            Trade-In Valuation
          </a>
        )}
      </div>
    </div>
  );
}

