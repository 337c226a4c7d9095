import type { VehicleInteractiveProps } from "./props";

/** The car's price (offer with the before price struck, PREORDER, no-price text), and a subscription as its own weekly offer. */
export function Price({ price, labels }: { price: VehicleInteractiveProps["price"]; labels: VehicleInteractiveProps["priceLabels"] }) {
  return (
    <>
      <ListedPrice price={price} labels={labels} />
      {labels.subscription && (
        <p className="vehicle-detail__price vehicle-detail__price--subscription" data-testid="subscription-offer">
          {`Or subscribe from ${labels.subscription}`}
        </p>
      )}
    </>
  );
}

function ListedPrice({ price, labels }: { price: VehicleInteractiveProps["price"]; labels: VehicleInteractiveProps["priceLabels"] }) {
  switch (price.kind) {
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
