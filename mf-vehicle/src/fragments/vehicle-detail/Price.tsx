import type { VehicleInteractiveProps } from "./props";

/** The price by the display priority: subscription /wk, offer with the before price struck, PREORDER, no-price text. */
export function Price({ price, labels }: { price: VehicleInteractiveProps["price"]; labels: VehicleInteractiveProps["priceLabels"] }) {
  switch (price.kind) {
    case "subscription":
      return (
        <p className="vehicle-detail__price vehicle-detail__price--subscription">
          {labels.amount}
          <span className="vehicle-detail__price-suffix">{price.suffix}</span>
        </p>
      );
    case "price":
      return (
        <p className="vehicle-detail__price">
          {labels.before !== null && (
            <s className="vehicle-detail__price-before">
              <span className="visually-hidden">Was </span>
              {labels.before}
            </s>
          )}{" "}
          <span className="vehicle-detail__price-amount">{labels.amount}</span>{" "}
          <span className="vehicle-detail__price-type">{labels.type}</span>
        </p>
      );
    case "preorder":
    case "text":
      return <p className="vehicle-detail__price vehicle-detail__price--text">{price.text}</p>;
  }
}
