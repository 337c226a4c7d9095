import { z } from "zod";

const VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
const answerSchema = z.object({ success: z.boolean() }).loose();

/** Cloudflare Turnstile: checks the widget's token with the site's secret (only where a secret is configured). */
export async function turnstilePasses(secret: string, token: string | null, ip: string | null, fetcher: typeof fetch = fetch): Promise<boolean> {
  if (!token) return false;
  try {
    const body = new URLSearchParams({ secret, response: token, ...(ip ? { remoteip: ip } : {}) });
    const response = await fetcher(VERIFY_URL, { method: "POST", body, signal: AbortSignal.timeout(5000) });
    const answer = answerSchema.safeParse(await response.json());
    return answer.success && answer.data.success;
  } catch {
    return false;
  }
}
