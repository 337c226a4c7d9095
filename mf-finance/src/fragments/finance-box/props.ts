import type { FinanceProvider } from "@dealer/shared/config";

/** FinanceBox's props: the vehicle sidebar's finance figures for the site's provider. */
export type FinanceBoxProps =
  /** The provider's display rules say no (or the car is sold): nothing shows. */
  | { hidden: true }
  | {
      hidden: false;
      provider: FinanceProvider;
      /** The headline repayment: monthly for the Nissan-type lender, else weekly. */
      repayment: { amount: number; period: "week" | "month" } | null;
      /** What the figure assumes beside its rates: term, deposit and final payment (repaymentTermsText, ADR 0065). */
      terms: string;
      interestRate: number | null;
      comparisonRate: number | null;
      /** The Car Clarity-style lender shows its own disclaimer in the box. */
      lenderDisclaimer: string | null;
      link: string;
      buttonLabel: string;
    };
