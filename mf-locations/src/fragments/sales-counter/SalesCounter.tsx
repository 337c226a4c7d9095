import { SALES_COUNTER_REFRESH_MS, salesToday } from "@dealer/shared/rules";
import { useEffect, useState } from "react";

/** `sales`: the stock's sold dates today; `formula`: the spec's synthetic figure (the fallback), null for none. */
export type SalesCounterProps = { count: number | null; source: "sales" | "formula" };

/** The figure as the gateway has it now: this page's own slot, read again (ADR 0062). */
async function latestSales(): Promise<number | null> {
  const query = new URLSearchParams({ slot: "sales-counter", path: window.location.pathname + window.location.search });
  const response = await fetch(`/_props/mf-locations/SalesCounter?${query}`, { headers: { accept: "application/json" } });
  if (!response.ok) return null;
  const props = (await response.json()) as Partial<SalesCounterProps>;
  return typeof props.count === "number" ? props.count : null;
}

/**
 * The group's sales counter: cars sold so far today (Brisbane time). The server renders the figure; every 150 s
 * (spec) the browser refreshes it: the real sales read again, or on the formula fallback the same rule recomputed.
 * A failed read keeps the figure shown.
 */
export default function SalesCounter({ count: initial, source }: SalesCounterProps) {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    if (initial === null) return;
    if (source === "formula") setCount(salesToday(new Date()));
    const timer = setInterval(() => {
      if (source === "formula") setCount(salesToday(new Date()));
      else
        void latestSales()
          .then((latest) => latest !== null && setCount(latest))
          .catch(() => undefined);
    }, SALES_COUNTER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [source, initial]);
  if (count === null) return null;
  return (
    <section className="sales-counter" aria-label="Sales today">
      <p>
        <strong className="sales-counter__figure">{count}</strong> <span>cars sold today across our group</span>
      </p>
    </section>
  );
}
