import { FORM_SUBMIT_ERROR, leadOutcome, type TradeInValuation } from "@dealer/shared/rules";
import { z } from "zod";

const answerSchema = z.object({
  lead_id: z.union([z.string(), z.number()]).optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  /** What /success tells the shopper (the receipt sent, the booking, what happens next). */
  next: z.array(z.string()).optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  // A trade-in's online estimate; the server computed it, the page only shows it.
  valuation: z.custom<TradeInValuation>((value) => typeof value === "object" && value !== null && "estimate" in value).optional(),
});

export type SubmitOutcome = { ok: true; leadId: string | number; valuation?: TradeInValuation; next?: string[] } | { ok: false; message: string; fieldErrors: Record<string, string[]> };

/** Tries a network failure is retried with the same key (the API answers a retry with the first lead). */
const NETWORK_TRIES = 2;

/** POST /api/leads and read its answer: a lead_id, or the server's error (else the spec's fallback texts). */
export async function submitLead(body: string, idempotencyKey: string, fetcher: typeof fetch = fetch): Promise<SubmitOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetcher("/api/leads", { method: "POST", headers: { "content-type": "application/json", "idempotency-key": idempotencyKey }, body });
    } catch {
      if (attempt < NETWORK_TRIES) continue;
      return { ok: false, message: FORM_SUBMIT_ERROR, fieldErrors: {} };
    }
    const parsed = answerSchema.safeParse(await response.json().catch(() => ({})));
    const answer = parsed.success ? parsed.data : {};
    const error = answer.message ?? answer.error;
    if (response.ok) {
      const outcome = leadOutcome({ lead_id: answer.lead_id, error });
      if (!outcome.ok) return { ok: false, message: outcome.error, fieldErrors: {} };
      return { ...outcome, ...(answer.valuation ? { valuation: answer.valuation } : {}), ...(answer.next ? { next: answer.next } : {}) };
    }
    return { ok: false, message: error ?? FORM_SUBMIT_ERROR, fieldErrors: answer.fieldErrors ?? {} };
  }
}
