import { parseWithFieldErrors, youxQuoteRequestSchema } from "@dealer/shared/contract";
import { siteFromHost } from "@dealer/shared/http";
import { Hono } from "hono";
import type { Env } from "../env";
import { type QuoteProvider, quoteProviderFor } from "./quote-provider";

/**
 * POST /api/youx/quote: the spec's payload in, { weeklyRepaymentAmount, advertisedRate, comparisonRate } out.
 * 404 unknown site, 400 {message, fieldErrors} for a bad body, 502 when the provider fails or answers badly.
 */
export function createQuoteApi(providerFor: (env: Env) => QuoteProvider = quoteProviderFor) {
  const app = new Hono<{ Bindings: Env }>();
  app.post("/api/youx/quote", async (c) => {
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const parsed = parseWithFieldErrors(youxQuoteRequestSchema, await c.req.json().catch(() => null));
    if (!parsed.ok) return c.json({ message: "Invalid quote request", fieldErrors: parsed.fieldErrors }, 400);
    try {
      return c.json(await providerFor(c.env)(parsed.data, site.config.finance));
    } catch (error) {
      console.warn("[mf-finance] quote failed", error);
      return c.json({ message: "No quote is available just now" }, 502);
    }
  });
  return app;
}
