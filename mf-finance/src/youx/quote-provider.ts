import type { SiteConfig } from "@dealer/shared/config";
import { type YouxQuote, type YouxQuoteRequest, youxQuoteSchema } from "@dealer/shared/contract";
import { amortisedPayment, comparisonRate, monthlyToWeekly } from "@dealer/shared/rules";

/** Where quotes come from: the lender's HTTP API, or the platform's own figures. */
export type QuoteProvider = (request: YouxQuoteRequest, finance: SiteConfig["finance"]) => Promise<YouxQuote>;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The local default: the site's rate and fee over the request's term, no deposit or balloon; weekly via 4.33. */
export const localQuoteProvider: QuoteProvider = async (request, finance) => {
  const { defaultInterestRate: rate, establishmentFee: fee } = finance;
  const monthly = amortisedPayment(request.purchasePrice + fee, rate, request.loanTerm, 12);
  return {
    weeklyRepaymentAmount: round2(monthlyToWeekly(monthly)),
    advertisedRate: rate,
    comparisonRate: comparisonRate(request.purchasePrice, rate, request.loanTerm, 12, fee),
  };
};

/** The lender's API (YOUX_API_URL, with YOUX_API_KEY as a bearer token); its answer is validated like any input. */
export function httpQuoteProvider(url: string, apiKey: string | undefined, fetcher: typeof fetch = fetch): QuoteProvider {
  return async (request) => {
    const response = await fetcher(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`quote provider answered ${response.status}`);
    return youxQuoteSchema.parse(await response.json());
  };
}

export function quoteProviderFor(env: { YOUX_API_URL?: string; YOUX_API_KEY?: string }): QuoteProvider {
  return env.YOUX_API_URL ? httpQuoteProvider(env.YOUX_API_URL, env.YOUX_API_KEY) : localQuoteProvider;
}
