import { ServerOnly } from "../../components/ServerOnly";
import type { InfoRow } from "../vehicle-info/view-model";
import { PrintActions } from "./PrintActions";
import type { VehiclePrintProps } from "./VehiclePrint";

function Rows({ rows }: { rows: InfoRow[] }) {
  return (
    <dl className="vehicle-print__rows">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The printable vehicle page: one sheet with the photo, price, facts, features, comments and where to see the car. */
export default function VehiclePrintServer({ slug, sheet }: VehiclePrintProps) {
  return (
    <div className="vehicle-print">
      <PrintActions slug={slug} />
      <ServerOnly className="vehicle-print__sheet">
        {sheet && (
          <article aria-labelledby="vehicle-print-title">
            <h1 id="vehicle-print-title">{sheet.title}</h1>
            <p className="vehicle-print__price">{sheet.priceText}</p>
            {sheet.image && <img className="vehicle-print__image" {...sheet.image} alt={sheet.title} />}
            {sheet.keyInformation.length > 0 && (
              <section aria-labelledby="vehicle-print-key">
                <h2 id="vehicle-print-key">Key information</h2>
                <Rows rows={sheet.keyInformation} />
              </section>
            )}
            {sheet.details.length > 0 && (
              <section aria-labelledby="vehicle-print-details">
                <h2 id="vehicle-print-details">Vehicle details</h2>
                <Rows rows={sheet.details} />
              </section>
            )}
            {sheet.features.length > 0 && (
              <section aria-labelledby="vehicle-print-features">
                <h2 id="vehicle-print-features">Features</h2>
                <ul className="vehicle-print__features">
                  {sheet.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </section>
            )}
            {sheet.comments.length > 0 && (
              <section aria-labelledby="vehicle-print-comments">
                <h2 id="vehicle-print-comments">Dealer comments</h2>
                {sheet.comments.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </section>
            )}
            {sheet.location && (
              <section aria-labelledby="vehicle-print-location">
                <h2 id="vehicle-print-location">{sheet.location.name}</h2>
                <p>{sheet.location.address}</p>
                <p>{sheet.location.phone}</p>
              </section>
            )}
            <p className="vehicle-print__link">
              <a href={sheet.path}>Back to this vehicle</a>
            </p>
            <p className="vehicle-print__disclaimer">{sheet.disclaimer}</p>
          </article>
        )}
      </ServerOnly>
    </div>
  );
}
