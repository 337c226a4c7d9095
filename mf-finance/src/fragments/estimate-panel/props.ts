import type { YouxQuoteRequest } from "@dealer/shared/contract";

/** One repayment with its rates and what it assumes (the car's advertised repayment, a quote, or the standard estimate). */
export type EstimateFigure = {
  amount: number;
  frequency: "weekly" | "monthly";
  interestRate: number;
  comparisonRate: number;
  /** The car's lender, a YouX-style quote, or the standard estimate (5 years, 10% deposit, 30% final) at the site's rate. */
  source: "lender" | "quote" | "estimate";
  price: number;
  deposit: number;
  balloon: number;
  termYears: number;
};

/** EstimatePanel's props: the same figure the car shows everywhere (ADR 0063); the standard estimate only on /finance. */
export type EstimatePanelProps =
  | { hidden: true }
  | {
      hidden: false;
      /** Null while a live quote is the car's only figure: until it answers, nothing is shown. */
      figure: EstimateFigure | null;
      /** The figure's lender's disclaimer, or the site's: the dialog shows all of it. */
      disclaimer: string;
      /** Set when the site asks for a YouX-style quote and the car has none: the browser posts it once. */
      quoteRequest: YouxQuoteRequest | null;
    };
