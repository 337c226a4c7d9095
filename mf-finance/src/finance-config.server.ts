import type { Car, FinanceLenderRecord } from "@dealer/shared/contract";
import { financeLenderRecordSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { financeEntryFor } from "@dealer/shared/rules";

/** The car's figures for the site's provider as a lender record (known fields only), or null. */
export function lenderRecord(car: Car, config: FragmentRequest["config"]): FinanceLenderRecord | null {
  const entry = financeEntryFor(car, config.finance.provider);
  if (!entry) return null;
  const parsed = financeLenderRecordSchema.safeParse({ ...entry, financeProvider: config.finance.provider });
  return parsed.success ? parsed.data : null;
}

/** Shown under the calculator when the lender has no disclaimer of its own. */
export const SITE_FINANCE_DISCLAIMER =
  "Estimate only, not a quote or offer of finance. Repayments are calculated on the purchase price less any deposit or trade-in, plus any establishment fee, over the chosen term at the chosen interest rate, with any residual paid with the final repayment. Other fees and charges are not included. Finance is subject to the lender's credit assessment and approval.";
