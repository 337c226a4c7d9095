import type { LeadPayload } from "@dealer/shared/contract";
import { z } from "zod";

export const SUBMIT_FAILED = "An error occurred when submitting this form";
export const UNEXPECTED_ANSWER = "An unexpected error occured";

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
    if (response.ok && answer.lead_id !== undefined) return { ok: true, leadId: answer.lead_id };
    const message = answer.message ?? answer.error ?? (response.ok ? UNEXPECTED_ANSWER : SUBMIT_FAILED);
    return { ok: false, message, fieldErrors: answer.fieldErrors ?? {} };
  } catch {
    return { ok: false, message: SUBMIT_FAILED, fieldErrors: {} };
  }
}
