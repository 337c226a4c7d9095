import { formatMoney } from "@dealer/shared/rules";
import type { VehicleInteractiveProps } from "./props";

/** The price by the display priority: subscription /wk, offer with the before price struck, PREORDER, no-price text. */
export function Price({ price }: { price: VehicleInteractiveProps["price"] }) {
  switch (price.kind) {
    case "subscription":
      return (
        <p className="vehicle-detail__price vehicle-detail__price--subscription">
          {formatMoney(price.amount)}
          <span className="vehicle-detail__price-suffix">{price.suffix}</span>
        </p>
      );
    case "price":
      return (
        <p className="vehicle-detail__price">
          {price.struckBeforePrice !== null && (
            <s className="vehicle-detail__price-before">
              <span className="visually-hidden">Was </span>
              {formatMoney(price.struckBeforePrice)}
            </s>
          )}{" "}
          <span className="vehicle-detail__price-amount">{formatMoney(price.amount)}</span>
        </p>
      );
    case "preorder":
    case "text":
      return <p className="vehicle-detail__price vehicle-detail__price--text">{price.text}</p>;
  }
}
