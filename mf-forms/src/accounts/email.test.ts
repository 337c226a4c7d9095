import { defaultSiteConfig } from "@dealer/shared/config";
import { describe, expect, it } from "vitest";
import type { Env } from "../env";
import { emailSender, MailNotSent } from "./email";

const mail = { site: "harbour", to: "jo@example.com", subject: "Price drop: Ranger", body: "Now $40,000.", idempotencyKey: "watch-alert-7" };
const provider = { provider: "http" as const, url: "http://127.0.0.1:9/emails", apiKeyEnv: "HARBOUR_MAIL_KEY", from: "Harbour <no-reply@harbour.com.au>" };
const env = (vars: Record<string, string>) => ({ DB: {} as D1Database, ...vars }) as unknown as Env;

describe("shopper mail (ADR 0030)", () => {
  it("a deployed site without a provider sends nothing and says why; the outbox is for local sessions only", async () => {
    await expect(emailSender(env({}), defaultSiteConfig.shopperEmail)(mail)).rejects.toThrow(MailNotSent);
    await expect(emailSender(env({}), defaultSiteConfig.shopperEmail)(mail)).rejects.toThrow(/names no mail provider/);
  });

  it("posts Resend-shaped JSON with the key of the secret the config names, and fails clearly without the key or on a refusal", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const answer = { status: 200 };
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(answer.status === 200 ? '{"id":"m_1"}' : "rate limited", { status: answer.status });
    }) as unknown as typeof fetch;
    const local = env({ LOCAL_DEV: "on", HARBOUR_MAIL_KEY: "re_key" });
    await emailSender(local, provider, fetcher)(mail);
    expect(calls[0]?.url).toBe(provider.url);
    expect(new Headers(calls[0]?.init.headers)).toEqual(new Headers({ authorization: "Bearer re_key", "content-type": "application/json", "idempotency-key": "watch-alert-7" }));
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ from: provider.from, to: ["jo@example.com"], subject: mail.subject, text: mail.body });

    answer.status = 429;
    await expect(emailSender(local, provider, fetcher)(mail)).rejects.toThrow("mail provider answered 429: rate limited");
    await expect(emailSender(env({ LOCAL_DEV: "on" }), provider, fetcher)(mail)).rejects.toThrow("the secret HARBOUR_MAIL_KEY) is not set");
    // Outside a local session the provider must be https to a public address (the webhook guard).
    await expect(emailSender(env({ HARBOUR_MAIL_KEY: "re_key" }), provider, fetcher)(mail)).rejects.toThrow(/unreachable: Webhook URLs must use https/);
    expect(calls).toHaveLength(2);
  });
});
