import { defaultSiteConfig, resolveSiteConfig } from "@dealer/shared/config";
import { describe, expect, it } from "vitest";
import type { Env } from "../../env";
import { PaymentUnavailable, paymentAdapter, processorAccount, processorFor } from "./adapter";

const none = defaultSiteConfig.reserve.processor;
const stripe = { name: "stripe", publicKey: "pk_live_harbour", secretKeyEnv: "STRIPE_SECRET_KEY_HARBOUR", webhookSecretEnv: "STRIPE_WEBHOOK_SECRET_HARBOUR" } as const;
const deployed = { STRIPE_SECRET_KEY_HARBOUR: "sk_live_harbour", STRIPE_WEBHOOK_SECRET_HARBOUR: "whsec_harbour", STRIPE_SECRET_KEY_SUMMIT: "sk_live_summit" } as unknown as Env;
const local = { LOCAL_DEV: "on", TEST_PAYMENT_WEBHOOK_SECRET: "whsec_local" } as unknown as Env;

describe("the dealer's card processor", () => {
  it("is the one the dealer's config names, with the secrets read by the names it gives", () => {
    const adapter = paymentAdapter(deployed, stripe);
    expect(adapter.name).toBe("stripe");
    expect(adapter.webhookSecret).toBe("whsec_harbour");
    expect(adapter.signatureHeader).toBe("stripe-signature");
  });

  it("takes no payments where the dealer names none, names the test processor outside wrangler dev, or its secrets are missing", () => {
    expect(() => paymentAdapter(deployed, none)).toThrow(PaymentUnavailable);
    expect(() => paymentAdapter(deployed, { ...none, name: "test" })).toThrow(PaymentUnavailable);
    expect(() => paymentAdapter(deployed, { ...stripe, webhookSecretEnv: "STRIPE_WEBHOOK_SECRET_SUMMIT" })).toThrow(/STRIPE_WEBHOOK_SECRET_SUMMIT/);
    // A live secret key with a test public key is a misconfiguration, not a half-working checkout.
    expect(() => paymentAdapter(deployed, { ...stripe, publicKey: "pk_test_harbour" })).toThrow(/same Stripe mode/);
  });

  it("is the test processor only under wrangler dev, where a dealer naming none or 'test' gets it", () => {
    expect(paymentAdapter(local, none).name).toBe("test");
    expect(paymentAdapter(local, { ...none, name: "test" }).webhookSecret).toBe("whsec_local");
  });

  it("is checked in the site config: Stripe without its key names is refused, and no secret value can be given there", () => {
    expect(resolveSiteConfig("harbour", { reserve: { processor: stripe } }).reserve.processor).toEqual(stripe);
    expect(() => resolveSiteConfig("harbour", { reserve: { processor: { name: "stripe" } } })).toThrow(/stripe needs publicKey/);
    expect(() => resolveSiteConfig("harbour", { reserve: { processor: { ...stripe, secretKey: "sk_live_x" } } })).toThrow(/unknown key reserve.processor.secretKey/);
    expect(() => resolveSiteConfig("harbour", { reserve: { processor: { ...stripe, secretKeyEnv: "sk_live_x" } } })).toThrow(/secretKeyEnv/);
  });

  it("is the car's dealership's own where a group's dealership names one, else the site's (ADR 0030)", () => {
    const own = { name: "test", publicKey: "pk_test_summit_toyota", secretKeyEnv: null, webhookSecretEnv: null } as const;
    const reserve = resolveSiteConfig("summit", { reserve: { processor: stripe, dealershipProcessors: { "summit-toyota": own } } }).reserve;
    expect(processorFor(reserve, "summit-toyota")).toEqual(own);
    expect(processorFor(reserve, "summit-honda")).toEqual(stripe);
    expect(processorFor(reserve, null)).toEqual(stripe);
    expect(processorFor(reserve, "__proto__")).toEqual(stripe);
    expect(processorAccount(own, paymentAdapter(local, own))).toBe("pk_test_summit_toyota");
    expect(processorAccount(none, paymentAdapter(local, none))).toBe("test");
    expect(() => resolveSiteConfig("summit", { reserve: { dealershipProcessors: { "summit-toyota": { name: "stripe" } } } })).toThrow(/reserve.dealershipProcessors.summit-toyota.publicKey/);
  });
});
