import { FUEL_KM_PER_WEEK_DEFAULT, FUEL_PRICE_DEFAULT, formatMoneyCents, fuelCost, parseFuelInput } from "@dealer/shared/rules";
import { useId, useState } from "react";

/** The car's combined consumption (L/100km) when the feed has it; null for electric cars, which get no calculator. */
export type FuelCostProps = { litresPer100km: number | null; shown: boolean };

/** Fuel cost per week, month and year from price per litre, kilometres a week and consumption; '$', ',' and 'kms' are ignored. */
export default function FuelCost({ litresPer100km, shown }: FuelCostProps) {
  const id = useId();
  const [values, setValues] = useState({
    price: FUEL_PRICE_DEFAULT.toFixed(2),
    km: String(FUEL_KM_PER_WEEK_DEFAULT),
    consumption: litresPer100km === null ? "" : String(litresPer100km),
  });
  if (!shown) return null;
  const cost = fuelCost({ pricePerLitre: parseFuelInput(values.price), kmPerWeek: parseFuelInput(values.km), litresPer100km: parseFuelInput(values.consumption) });
  const field = (key: keyof typeof values, label: string) => (
    <div className="fuel-cost__field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} inputMode="decimal" value={values[key]} onChange={(event) => setValues({ ...values, [key]: event.target.value })} />
    </div>
  );
  return (
    <section className="fuel-cost" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Fuel cost calculator</h2>
      <div className="fuel-cost__fields">
        {field("price", "Fuel price ($ per litre)")}
        {field("km", "Kilometres per week")}
        {field("consumption", "Fuel consumption (L/100km)")}
      </div>
      <dl className="fuel-cost__result" aria-live="polite">
        <div>
          <dt>Per week</dt>
          <dd data-testid="fuel-weekly">{formatMoneyCents(cost.weekly)}</dd>
        </div>
        <div>
          <dt>Per month</dt>
          <dd>{formatMoneyCents(cost.monthly)}</dd>
        </div>
        <div>
          <dt>Per year</dt>
          <dd>{formatMoneyCents(cost.yearly)}</dd>
        </div>
      </dl>
    </section>
  );
}
