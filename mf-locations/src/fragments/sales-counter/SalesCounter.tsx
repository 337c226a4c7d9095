import { SALES_COUNTER_REFRESH_MS, salesToday } from "@dealer/shared/rules";
import { useEffect, useState } from "react";

export type SalesCounterProps = { count: number };

/**
 * The group's sales counter: cars sold so far today (Brisbane time, one more every 450 s). The server
 * renders the figure; the browser recomputes it with the same rule every 150 s.
 */
export default function SalesCounter({ count: initial }: SalesCounterProps) {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    setCount(salesToday(new Date()));
    const timer = setInterval(() => setCount(salesToday(new Date())), SALES_COUNTER_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section className="sales-counter" aria-label="Sales today">
      <p>
        <strong className="sales-counter__figure">{count}</strong> <span>cars sold today across our group</span>
      </p>
    </section>
  );
}
