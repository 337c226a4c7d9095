import { z } from "zod";
import { auStateSchema } from "../config/drive-away-rates";
import { financeProviderSchema } from "../config/site-config";

/** A lender's published figures (finance lender info / record of the spec). */
export const financeLenderRecordSchema = z.object({
  financeProvider: financeProviderSchema.nullable().optional(),
  disclaimer: z.string().nullable().optional(),
  deposit: z.number().nullable().optional(),
  paymentWeek: z.number().nullable().optional(),
  paymentMonth: z.number().nullable().optional(),
  totalPayable: z.number().nullable().optional(),
  interestRate: z.number().nullable().optional(),
  comparisonRate: z.number().nullable().optional(),
  establishmentFees: z.number().nullable().optional(),
  termYears: z.number().nullable().optional(),
  termMonths: z.number().nullable().optional(),
  termWeeks: z.number().nullable().optional(),
  balloon: z.number().nullable().optional(),
});

export const repaymentFrequencySchema = z.enum(["weekly", "fortnightly", "monthly"]);

/** Inputs of the finance repayment calculator. */
export const financeCalculatorInputsSchema = z.object({
  amount: z.number().min(0, "Purchase price cannot be negative."),
  term: z.number().positive("Term must be above 0."),
  interest: z.number().min(0, "Interest cannot be negative."),
  tradeIn: z.number().min(0).default(0),
  residual: z.number().min(0).default(0),
  /** Last computed total; blank when the repayment reads 'Enquire for Finance'. */
  total: z.number().nullable().optional(),
  frequency: repaymentFrequencySchema.default("monthly"),
});

/**
 * The repayment calculator's figures a finance enquiry carries when it came from the calculator (ADR 0037): its
 * links put them in the query, the enquiry form posts them back as hidden `finance.*` fields, and the lead API
 * parses them here (a bad value is a 400 naming the field). The price travels as vehiclePriceBudget.
 */
export const calculatorFiguresSchema = z.object({
  deposit: z.number().nonnegative().max(10_000_000).optional(),
  balloon: z.number().nonnegative().max(10_000_000).optional(),
  term_months: z.number().int().positive().max(360).optional(),
  interest_rate: z.number().nonnegative().max(100).optional(),
  frequency: repaymentFrequencySchema.optional(),
  repayment: z.number().nonnegative().max(10_000_000).optional(),
  /**
   * The state whose drive-away estimate the calculator financed (issue 34): the lead API works the estimate out again
   * from the car and the site's rates, and the lead carries it with its parts (ADR 0072).
   */
  drive_away_state: auStateSchema.optional(),
});
export type CalculatorFigures = z.infer<typeof calculatorFiguresSchema>;

const TEXT_FIGURES: ReadonlySet<keyof CalculatorFigures> = new Set(["frequency", "drive_away_state"]);

/** The figures a finance link's query names, each kept only when valid (a stale or edited link loses a bad one). */
export function calculatorFiguresFromQuery(query: Record<string, string | undefined>): CalculatorFigures {
  const figures: Record<string, unknown> = {};
  for (const key of Object.keys(calculatorFiguresSchema.shape) as (keyof CalculatorFigures)[]) {
    const raw = query[key];
    if (raw === undefined || raw === "") continue;
    const parsed = calculatorFiguresSchema.shape[key].safeParse(TEXT_FIGURES.has(key) ? raw : Number(raw));
    if (parsed.success) figures[key] = parsed.data;
  }
  return figures as CalculatorFigures;
}

/** POST /api/youx/quote body. */
export const youxQuoteRequestSchema = z.object({
  selfAssessedCreditScore: z.literal("GREAT"),
  /** Capped well above any vehicle so the maths stays finite. */
  purchasePrice: z.number().positive().max(10_000_000),
  loanTerm: z.literal(5),
  year: z.number().int(),
  vin: z.string().nullable(),
  nvic: z.string().nullable(),
  whoIsHelping: z.literal(""),
});

export type FinanceLenderRecord = z.infer<typeof financeLenderRecordSchema>;
export type RepaymentFrequency = z.infer<typeof repaymentFrequencySchema>;
export type FinanceCalculatorInputs = z.infer<typeof financeCalculatorInputsSchema>;
export type YouxQuoteRequest = z.infer<typeof youxQuoteRequestSchema>;
