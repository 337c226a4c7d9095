import { STICKY_HEADER_AFTER_PX, useScrolledPast } from "./StickyBars";
import type { VehicleInteractiveProps } from "./props";
import { VehicleSavedToggles } from "./VehicleSavedToggles";

export type StickyHeaderProps = Pick<VehicleInteractiveProps, "car" | "saved" | "sticky">;

/** Image, name, transmission and body, price and type, the car's advertised repayment with its rates, Get Finance and Trade-In Valuation. */
export function StickyHeader({ car, saved, sticky }: StickyHeaderProps) {
  const title = car.title;
  const shown = useScrolledPast(STICKY_HEADER_AFTER_PX);
  return (
    <div className="vehicle-sticky-header" hidden={!shown} data-testid="sticky-header">
      {sticky.image && <img className="vehicle-sticky-header__image" src={sticky.image} alt="" width={96} height={64} loading="lazy" />}
      <div className="vehicle-sticky-header__text">
        <p className="vehicle-sticky-header__name">{title}</p>
        {sticky.summary && <p className="vehicle-sticky-header__summary">{sticky.summary}</p>}
      </div>
      <p className="vehicle-sticky-header__price">
        {sticky.priceText}
        {sticky.priceType && <span className="vehicle-sticky-header__price-type"> {sticky.priceType}</span>}
        {sticky.repayment && (
          <span className="vehicle-sticky-header__weekly" data-testid="sticky-repayment">
            {`Finance ${sticky.repayment.text} at ${sticky.repayment.rates}`}
          </span>
        )}
      </p>
      <div className="vehicle-sticky-header__actions">
        <VehicleSavedToggles car={car} saved={saved} />
        {sticky.financeHref && (
          <a className="vehicle-button vehicle-button--finance" href={sticky.financeHref}>
            Get Finance
          </a>
        )}
        {sticky.tradeInHref && (
          <a className="vehicle-button vehicle-button--tradeIn" href={sticky.tradeInHref}>
            Trade-In Valuation
          </a>
        )}
      </div>
    </div>
  );
}

