import type { LeadPayload } from "@dealer/shared/contract";
import { FORM_SUBMIT_ERROR, leadOutcome } from "@dealer/shared/rules";
import { z } from "zod";

const answerSchema = z.object({
  lead_id: z.union([z.string(), z.number()]).optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

export type SubmitOutcome =
  | { ok: true; leadId: string | number }
  | { ok: false; message: string; fieldErrors: Record<string, string[]> };

/** POST /api/leads and read its answer: a lead_id, or the server's error (else the spec's fallback texts). */
export async function submitLead(payload: LeadPayload, fetcher: typeof fetch = fetch): Promise<SubmitOutcome> {
  try {
    const response = await fetcher("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    const parsed = answerSchema.safeParse(await response.json().catch(() => ({})));
    const answer = parsed.success ? parsed.data : {};
    const error = answer.message ?? answer.error;
    if (response.ok) {
      const outcome = leadOutcome({ lead_id: answer.lead_id, error });
      return outcome.ok ? outcome : { ok: false, message: outcome.error, fieldErrors: {} };
    }
    return { ok: false, message: error ?? FORM_SUBMIT_ERROR, fieldErrors: answer.fieldErrors ?? {} };
  } catch {
    return { ok: false, message: FORM_SUBMIT_ERROR, fieldErrors: {} };
  }
}
