import type { SiteConfig } from "@dealer/shared/config";
import type { FinanceCalculatorInputs } from "@dealer/shared/contract";
import type { LenderPreset } from "@dealer/shared/rules";
import type { FinanceCar } from "../../car.server";

export type CalculatorFinance = Pick<SiteConfig["finance"], "calculator" | "establishmentFee" | "financePath">;

/** RepaymentCalculator's props: plain JSON resolved by the loader. */
export type RepaymentCalculatorProps =
  /** A car that shows no finance (sold, excluded, no figure) has no calculator. */
  | { hidden: true }
  | {
      hidden: false;
      /** Start values: the car's price (or the page's vehiclePriceBudget, else 30000), its lender's preset terms. */
      start: FinanceCalculatorInputs;
      /** Set on a vehicle page. */
      car: FinanceCar | null;
      /** The terms of the car's advertised repayment (car-repayment.ts); its payment is used when every input matches. */
      preset: LenderPreset | null;
      /** The site's finance, its bounds widened to the car's own figures. */
      finance: CalculatorFinance;
      /** Quick picks of the purchase price input. */
      quickPicks: number[];
      /** The lender's own disclaimer when it has one, else the site's. */
      disclaimer: string;
      /** The dealer's finance copy for the car's (or the link's) dealership: offer, fees, comparison-rate range. */
      notes: string[];
    };
