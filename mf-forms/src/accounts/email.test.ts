import { defaultSiteConfig } from "@dealer/shared/config";
import { storeSecretStatement } from "@dealer/shared/secrets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
import { insertSite } from "../../../db/test-support/fragment-request";
import type { Env } from "../env";
import { emailSender, MailNotSent } from "./email";

let db: D1Database;
let dispose: () => Promise<void>;
const mail = { site: "harbour", to: "jo@example.com", subject: "Price drop: Ranger", body: "Now $40,000.", idempotencyKey: "watch-alert-7" };
const provider = { provider: "http" as const, url: "http://127.0.0.1:9/emails", apiKeySlot: "mail-api-key", from: "Harbour <no-reply@harbour.com.au>" };
const env = (vars: Record<string, string>) => ({ DB: db, ...vars }) as unknown as Env;

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertSite(db, "harbour");
  await insertSite(db, "summit");
  for (const [site, value] of [["harbour", "re_harbour"], ["summit", "re_summit"]] as const) {
    await (await storeSecretStatement(env({ LOCAL_DEV: "on" }), { site, slot: "mail-api-key", value, actor: "operator", now: new Date() })).run();
  }
});
afterAll(() => dispose());

describe("shopper mail (ADR 0030, 0056)", () => {
  it("a deployed site without a provider sends nothing and says why; the outbox is for local sessions only", async () => {
    await expect(emailSender(env({}), defaultSiteConfig.shopperEmail)(mail)).rejects.toThrow(MailNotSent);
    await expect(emailSender(env({}), defaultSiteConfig.shopperEmail)(mail)).rejects.toThrow(/names no mail provider/);
  });

  it("posts Resend-shaped JSON with the key in the mail's own site's slot, and fails clearly without the key or on a refusal", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const answer = { status: 200 };
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(answer.status === 200 ? '{"id":"m_1"}' : "rate limited", { status: answer.status });
    }) as unknown as typeof fetch;
    const local = env({ LOCAL_DEV: "on" });
    await emailSender(local, provider, fetcher)(mail);
    expect(calls[0]?.url).toBe(provider.url);
    expect(new Headers(calls[0]?.init.headers)).toEqual(new Headers({ authorization: "Bearer re_harbour", "content-type": "application/json", "idempotency-key": "watch-alert-7" }));
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ from: provider.from, to: ["jo@example.com"], subject: mail.subject, text: mail.body });
    // Summit's mail with the same settings carries Summit's own key: a slot is read for the mail's site alone.
    await emailSender(local, provider, fetcher)({ ...mail, site: "summit" });
    expect(new Headers(calls[1]?.init.headers).get("authorization")).toBe("Bearer re_summit");

    answer.status = 429;
    await expect(emailSender(local, provider, fetcher)(mail)).rejects.toThrow("mail provider answered 429: rate limited");
    await expect(emailSender(local, { ...provider, apiKeySlot: "other-key" }, fetcher)(mail)).rejects.toThrow("the secret slot other-key of harbour is not set");
    expect(calls).toHaveLength(3);
  });

  it("sends only to a provider the operator allows, and outside a local session only over https to a public address", async () => {
    const calls: string[] = [];
    const fetcher = (async (url: string) => {
      calls.push(url);
      return new Response("{}");
    }) as unknown as typeof fetch;
    const deployed = env({ SITE_SECRETS_KEY: "k", MAIL_PROVIDER_URLS: "https://mail.example/send" });
    await expect(emailSender(deployed, provider, fetcher)(mail)).rejects.toThrow(/address is refused: Choose one of the mail providers the platform allows: https:\/\/mail.example\/send/);
    await expect(emailSender(env({ LOCAL_DEV: "on" }), { ...provider, url: "https://collector.example/steal" }, fetcher)(mail)).rejects.toThrow(/address is refused/);
    expect(calls).toEqual([]);
  });
});
