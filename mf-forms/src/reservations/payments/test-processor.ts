import { escapeMarkup } from "@dealer/shared/http";
import { CARD_DECLINED, formatMoneyCents } from "@dealer/shared/rules";
import { Hono } from "hono";
import type { Env } from "../../env";
import { takePaymentEvent } from "../api";
import { isLocalDev } from "@dealer/shared/dev-faults";
import { testAdapter } from "./adapter";
import { signPayload } from "./signature";

/** The local test processor's card numbers (as the card processor's own test cards). */
export const TEST_CARDS = { succeeds: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" } as const;
const digits = (card: string) => card.replace(/[\s-]/g, "");

type TestSession = { id: string; site: string; reservation_token: string; amount_cents: number; description: string; success_url: string; cancel_url: string; status: "open" | "paid" };

function page(session: TestSession, error: string | null, status: 200 | 402 | 400): Response {
  const field = error ? ' aria-invalid="true" aria-describedby="card-error"' : "";
  const html = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Pay your deposit - Test payment processor</title></head>
<body><main><h1>Test payment processor</h1>
<p>${escapeMarkup(session.description)}</p><p>Amount due: <strong>${escapeMarkup(formatMoneyCents(session.amount_cents / 100))}</strong></p>
${error ? `<p id="card-error" role="alert">${escapeMarkup(error)}</p>` : ""}
<form method="post" action="/payments/test-processor/${escapeMarkup(session.id)}">
<p><label for="card_number">Card number</label><br><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required${field}></p>
<p><label for="card_expiry">Expiry (MM/YY)</label><br><input id="card_expiry" name="card_expiry" autocomplete="cc-exp" value="12/34"></p>
<p><label for="card_cvc">CVC</label><br><input id="card_cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" value="123"></p>
<p><button type="submit">Pay ${escapeMarkup(formatMoneyCents(session.amount_cents / 100))}</button></p>
</form>
<p><a href="${escapeMarkup(session.cancel_url)}">Cancel and go back</a></p>
<h2>Test cards</h2><ul><li>${TEST_CARDS.succeeds}: payment succeeds</li><li>${TEST_CARDS.declined}: card declined</li></ul>
</main></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/**
 * The local stand-in for the card processor's hosted payment page (wrangler dev only). It charges a
 * session once, then sends the signed checkout.session.completed webhook before sending the shopper back,
 * as the real processor would (only sooner). A declined card charges nothing and sends no event.
 */
export function createTestProcessor() {
  const app = new Hono<{ Bindings: Env }>();
  // Only wrangler dev has the test processor (ADR 0027): a deployment answers 404 here.
  app.use("/payments/test-processor/*", async (c, next) => (isLocalDev(c.env) ? next() : c.text("Not found", 404)));
  const load = (env: Env, id: string) => env.DB.prepare("SELECT * FROM test_payment_sessions WHERE id = ?").bind(id).first<TestSession>();

  app.get("/payments/test-processor/:id", async (c) => {
    const session = await load(c.env, c.req.param("id"));
    if (!session) return c.text("No such payment session.", 404);
    if (session.status === "paid") return c.redirect(session.success_url, 303);
    return page(session, null, 200);
  });

  app.post("/payments/test-processor/:id", async (c) => {
    const session = await load(c.env, c.req.param("id"));
    if (!session) return c.text("No such payment session.", 404);
    if (session.status === "paid") return c.redirect(session.success_url, 303);
    const form = new URLSearchParams(await c.req.text().catch(() => ""));
    const card = digits(form.get("card_number") ?? "");
    if (card === digits(TEST_CARDS.declined)) {
      await c.env.DB.prepare("UPDATE test_payment_sessions SET declines = declines + 1 WHERE id = ?").bind(session.id).run();
      return page(session, CARD_DECLINED, 402);
    }
    if (card !== digits(TEST_CARDS.succeeds)) return page(session, `Use a test card: ${TEST_CARDS.succeeds} succeeds, ${TEST_CARDS.declined} is declined.`, 400);
    const now = new Date();
    // One charge per session, however often Pay is pressed.
    const charged = await c.env.DB.prepare("UPDATE test_payment_sessions SET status = 'paid', paid_at = ? WHERE id = ? AND status = 'open' RETURNING id")
      .bind(now.toISOString(), session.id)
      .first();
    if (charged) {
      const event = JSON.stringify({
        id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
        type: "checkout.session.completed",
        data: { object: { id: session.id, client_reference_id: session.reservation_token, payment_status: "paid", amount_total: session.amount_cents } },
      });
      const origin = new URL(session.success_url).origin;
      const signature = await signPayload(c.env.TEST_PAYMENT_WEBHOOK_SECRET ?? "", event, Math.floor(now.getTime() / 1000));
      const delivered = await takePaymentEvent(c.env, testAdapter(c.env), null, session.site, event, signature, origin, now);
      if (delivered.status !== 200) console.error("[mf-forms] test processor webhook answered", delivered.status);
    }
    return c.redirect(session.success_url, 303);
  });

  return app;
}
