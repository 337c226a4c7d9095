import { formatMoney } from "@dealer/shared/rules";
import { Gallery } from "./Gallery";
import type { VehicleDetailProps } from "./props";

export type { VehicleDetailProps } from "./props";

function Price({ price }: { price: VehicleDetailProps["price"] }) {
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

export default function VehicleDetail({ car, price, facts, images }: VehicleDetailProps) {
  return (
    <article className="vehicle-detail" aria-labelledby={`vehicle-${car.id}-title`}>
      <Gallery images={images} title={car.title} />
      <div className="vehicle-detail__summary">
        <h1 id={`vehicle-${car.id}-title`} className="vehicle-detail__title">
          {car.title}
        </h1>
        {car.sold ? (
          <p className="vehicle-detail__sold" role="status">
            {`Unfortunately this ${car.vehicleType} recently sold. But don't worry, we can help you find a similar one!`}
          </p>
        ) : (
          <Price price={price} />
        )}
        {facts.length > 0 && (
          <dl className="vehicle-detail__facts">
            {facts.map((fact) => (
              <div key={fact.label} className="vehicle-detail__fact">
                <dt className="vehicle-detail__fact-label">{fact.label}</dt>
                <dd className="vehicle-detail__fact-value">{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </article>
  );
}
