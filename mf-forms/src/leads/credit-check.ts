import type { Env } from "../env";
import { CREDIT_CHECK_CONSENT_TEXT } from "./variants";

/** Who a credit check is about, as the credit-check form gives them. */
export type CreditApplicant = { site: string; name: string; lastName: string | null; email: string; phone: string; postcode: string | null };

/** What a bureau answered: 'referred' is the dealership's finance team running the check with the consent. */
export type CreditCheckResult = { status: "referred" | "requested"; reference: string | null };

/**
 * The credit bureau boundary (ADR 0027): a production adapter (Equifax, illion, Experian) implements
 * `check` with its own credentials, read by name from env, and is chosen in `creditBureauFor`.
 */
export type CreditBureau = { name: string; check(applicant: CreditApplicant): Promise<CreditCheckResult> };

/** No bureau is called: the consent travels with the finance lead and the dealership's finance team runs the check. */
const referToDealership: CreditBureau = { name: "dealership", check: async () => ({ status: "referred", reference: null }) };

export function creditBureauFor(_env: Env): CreditBureau {
  return referToDealership;
}

/** The consent as given and what the bureau answered: stored with the lead, so the dealer sees both. */
export async function creditCheckRecord(env: Env, applicant: CreditApplicant, now: Date) {
  const bureau = creditBureauFor(env);
  const result = await bureau.check(applicant);
  return { consent: true, consent_text: CREDIT_CHECK_CONSENT_TEXT, consented_at: now.toISOString(), bureau: bureau.name, ...result };
}
