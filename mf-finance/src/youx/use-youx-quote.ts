import type { YouxQuote, YouxQuoteRequest } from "@dealer/shared/contract";
import { useEffect, useState } from "react";

export const YOUX_QUOTE_PATH = "/api/youx/quote";

/** The answer's three numbers, checked by hand so zod stays out of the browser. */
function readQuote(value: unknown): YouxQuote | null {
  const quote = value as Partial<Record<keyof YouxQuote, unknown>> | null;
  const finite = (field: unknown): field is number => typeof field === "number" && Number.isFinite(field);
  return quote && finite(quote.weeklyRepaymentAmount) && finite(quote.advertisedRate) && finite(quote.comparisonRate) ? (quote as YouxQuote) : null;
}

/** Posts the quote request once (when there is one); a non-OK answer or a failure leaves no quote. */
export function useYouxQuote(request: YouxQuoteRequest | null): { quote: YouxQuote | null; loading: boolean } {
  const [state, setState] = useState<{ quote: YouxQuote | null; loading: boolean }>({ quote: null, loading: request !== null });
  useEffect(() => {
    if (!request) return;
    let live = true;
    fetch(YOUX_QUOTE_PATH, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) })
      .then(async (response) => (response.ok ? readQuote(await response.json()) : null))
      .catch(() => null)
      .then((quote) => {
        if (live) setState({ quote, loading: false });
      });
    return () => {
      live = false;
    };
  }, [request]);
  return state;
}
