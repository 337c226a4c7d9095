import type { YouxQuoteRequest } from "@dealer/shared/contract";

/** EstimatePanel's props: the estimate under the spec's assumptions, with the lender's advertised figures. */
export type EstimatePanelProps =
  | { hidden: true }
  | {
      hidden: false;
      price: number;
      /** The rate the estimate uses: the lender's, else the quote's, else the site's default (10, or 8.5). */
      estimateRate: number;
      advertisedRate: number | null;
      comparisonRate: number | null;
      /** The lender's disclaimer, or the site's when it has none. */
      disclaimer: string;
      /** Set when the site asks for a YouX-style quote and the car has none: the browser posts it once. */
      quoteRequest: YouxQuoteRequest | null;
    };
