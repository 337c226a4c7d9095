import { COMPARE_LIMIT, compareIdsAtom, toggleCompareAtom } from "@dealer/shared/atoms";
import type { VehicleSummary } from "@dealer/shared/contract";
import { REPAYMENT_DISCLAIMER } from "@dealer/shared/rules";
import { useDeviceList } from "@dealer/shared/saved-cars";
import { useSetAtom } from "jotai";
import { useVehicleSummaries } from "./use-vehicle-summaries";

export type ComparePageProps = { searchPath: string };

/** Every feature any of the cars has, in first-seen order: each row says which cars have it. */
export function featureRows(cars: VehicleSummary[]): { feature: string; present: boolean[] }[] {
  const features = [...new Set(cars.flatMap((car) => car.features))];
  return features.map((feature) => ({ feature, present: cars.map((car) => car.features.includes(feature)) }));
}

function Table({ cars }: { cars: VehicleSummary[] }) {
  const toggle = useSetAtom(toggleCompareAtom);
  const specLabels = cars[0]?.specs.map((spec) => spec.label) ?? [];
  return (
    <div className="compare-page__scroller">
      <table className="compare-table">
        <caption className="visually-hidden">The cars you chose, side by side</caption>
        <thead>
          <tr>
            <td />
            {cars.map((car) => (
              <th key={car.id} scope="col" className="compare-table__car">
                {car.pictures && <img {...car.pictures.compare} alt="" loading="lazy" decoding="async" />}
                <a href={car.path}>{car.title}</a>
                <button type="button" className="button button--sm" onClick={() => toggle(car.id)} aria-label={`Remove ${car.title} from compare`}>
                  Remove
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Price</th>
            {cars.map((car) => (
              <td key={car.id} data-testid="compare-price">
                {car.priceText}
                {car.priceType && <span className="saved-car__price-type"> {car.priceType}</span>}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">Finance</th>
            {cars.map((car) => (
              <td key={car.id} data-testid="compare-finance">
                {car.repayment ? (
                  <>
                    {car.repayment.text}
                    <span className="compare-finance__rates">{` at ${car.repayment.rates}`}</span>
                    <span className="compare-finance__basis" data-testid="compare-finance-basis">
                      {car.repayment.basis}
                    </span>
                  </>
                ) : (
                  "-"
                )}
              </td>
            ))}
          </tr>
          {specLabels.map((label, row) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {cars.map((car) => (
                <td key={car.id}>{car.specs[row]?.value ?? "-"}</td>
              ))}
            </tr>
          ))}
          {featureRows(cars).map(({ feature, present }) => (
            <tr key={feature} className="compare-table__feature">
              <th scope="row">{feature}</th>
              {present.map((has, index) => (
                <td key={cars[index]?.id} data-present={has ? "true" : "false"}>
                  <span aria-hidden="true">{has ? "✓" : "✗"}</span>
                  <span className="visually-hidden">{has ? "Included" : "Not included"}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {cars.some((car) => car.repayment) && (
        <p className="compare-page__note" data-testid="compare-finance-disclaimer">
          {REPAYMENT_DISCLAIMER}
        </p>
      )}
    </div>
  );
}

/** /compare: the cars on this device's compare list side by side (ADR 0018). */
export default function ComparePage({ searchPath }: ComparePageProps) {
  const ids = useDeviceList(compareIdsAtom);
  const { status, cars } = useVehicleSummaries(ids ?? []);
  const busy = ids === null || status === "loading";
  return (
    <section className="compare-page" aria-labelledby="compare-title" aria-busy={busy}>
      <h1 id="compare-title">Compare cars</h1>
      {busy ? (
        <p className="compare-page__status">Loading your compare list…</p>
      ) : status === "error" ? (
        <p className="compare-page__status" role="alert">
          Your compare list could not be loaded. Please try again.
        </p>
      ) : cars.length === 0 ? (
        <div className="compare-page__empty">
          <p>You have no cars to compare yet. Choose Compare on up to {COMPARE_LIMIT} cars to see them side by side.</p>
          <a className="button button--primary" href={searchPath}>
            Search our stock
          </a>
        </div>
      ) : (
        <>
          <p className="compare-page__count">
            {cars.length} of {COMPARE_LIMIT} cars
          </p>
          <Table cars={cars} />
        </>
      )}
    </section>
  );
}
