import { SALES_COUNTER_REFRESH_MS, salesToday } from "@dealer/shared/rules";
import { useEffect, useState } from "react";

/** `sales`: the stock's sold dates today; `formula`: the spec's synthetic figure (the fallback), null for none. */
export type SalesCounterProps = { count: number | null; source: "sales" | "formula" };

/**
 * The group's sales counter: cars sold so far today (Brisbane time). The server renders the figure; on the
 * formula fallback the browser recomputes it with the same rule every 150 s.
 */
export default function SalesCounter({ count: initial, source }: SalesCounterProps) {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    if (source !== "formula" || initial === null) return;
    setCount(salesToday(new Date()));
    const timer = setInterval(() => setCount(salesToday(new Date())), SALES_COUNTER_REFRESH_MS);
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
