import type { PriceComparison as Comparison } from "@dealer/shared/contract";
import { formatMoney, isPriceComparisonVisible, PRICE_COMPARISON_FETCH_FAILED, PRICE_COMPARISON_NO_DATA } from "@dealer/shared/rules";
import { useEffect, useState } from "react";
import { CountUp } from "../../components/CountUp";
import { Skeleton } from "@dealer/shared/ui";

/** The figures count up over 2 s (spec). */
export const PRICE_COMPARISON_ANIMATION_MS = 2000;

export type PriceComparisonProps = { autogaugePath: string | null };
type Shown = Required<{ [K in keyof Comparison]: NonNullable<Comparison[K]> }>;

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** The answer as the panel reads it, without zod in the browser: anything malformed reads as no data. */
export function readComparison(body: unknown): Comparison | null {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  const figure = (key: string) => (isNumber(record[key]) ? record[key] : null);
  return {
    fill: figure("fill"),
    listing_price: figure("listing_price"),
    market_range_min: figure("market_range_min"),
    market_range_max: figure("market_range_max"),
    confidence: figure("confidence"),
    description: typeof record.description === "string" ? record.description : null,
  };
}

function Panel({ data }: { data: Shown }) {
  const [fill, setFill] = useState(0);
  useEffect(() => setFill(data.fill), [data.fill]);
  return (
    <section className="price-comparison" aria-labelledby="price-comparison-title" data-state="data">
      <h2 id="price-comparison-title">Price comparison</h2>
      <p className="price-comparison__listing">
        This car: <strong>{formatMoney(data.listing_price)}</strong>
      </p>
      <div className="price-comparison__bar" role="img" aria-label={`Listing sits ${Math.round(data.fill * 100)}% of the way through the market range`}>
        <span className="price-comparison__marker" style={{ left: `${fill * 100}%` }} />
      </div>
      <p className="price-comparison__range">
        <span>
          Market low <strong>
            <CountUp value={data.market_range_min} durationMs={PRICE_COMPARISON_ANIMATION_MS} format={formatMoney} testId="market-min" />
          </strong>
        </span>
        <span>
          Market high <strong>
            <CountUp value={data.market_range_max} durationMs={PRICE_COMPARISON_ANIMATION_MS} format={formatMoney} testId="market-max" />
          </strong>
        </span>
      </p>
      {data.description && <p className="price-comparison__description">{data.description}</p>}
    </section>
  );
}

/** Fetches the car's autogauge figures; a skeleton meanwhile, hidden (and logged) on failure, no data or low confidence. */
export default function PriceComparison({ autogaugePath }: PriceComparisonProps) {
  const [state, setState] = useState<{ kind: "loading" } | { kind: "hidden" } | { kind: "data"; data: Shown }>({ kind: autogaugePath ? "loading" : "hidden" });
  useEffect(() => {
    if (!autogaugePath) return;
    let live = true;
    fetch(autogaugePath, { headers: { accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const data = readComparison(await response.json());
        if (!data) console.info(PRICE_COMPARISON_NO_DATA);
        if (live) setState(data && isPriceComparisonVisible(data) ? { kind: "data", data: data as Shown } : { kind: "hidden" });
      })
      .catch((error: unknown) => {
        console.warn(PRICE_COMPARISON_FETCH_FAILED, error);
        if (live) setState({ kind: "hidden" });
      });
    return () => {
      live = false;
    };
  }, [autogaugePath]);
  if (state.kind === "hidden") return null;
  if (state.kind === "loading") {
    return (
      <section className="price-comparison price-comparison--loading" aria-busy="true" aria-label="Price comparison loading" data-state="loading">
        <Skeleton height="1.5rem" />
        <Skeleton height="1.5rem" width="60%" />
      </section>
    );
  }
  return <Panel data={state.data} />;
}
