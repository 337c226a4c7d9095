import { defaultSiteConfig, resolveSiteConfig } from "@dealer/shared/config";
import { SecretUnavailable, type SiteSecrets } from "@dealer/shared/secrets";
import { describe, expect, it } from "vitest";
import type { Env } from "../../env";
import { PaymentUnavailable, paymentAdapter, processorAccount, processorFor } from "./adapter";

const none = defaultSiteConfig.reserve.processor;
const stripe = { name: "stripe", publicKey: "pk_live_harbour", secretKeySlot: "stripe-secret-key", webhookSecretSlot: "stripe-webhook-secret" } as const;
/** One site's slots, as siteSecrets reads them from D1 (shared/src/secrets has that test). */
const slots = (values: Record<string, string>): SiteSecrets => ({
  site: "harbour",
  read: async (slot) => {
    const value = slot ? values[slot] : undefined;
    if (value === undefined) throw new SecretUnavailable(`the secret slot ${slot} of harbour is not set`);
    return value;
  },
});
const harbour = slots({ "stripe-secret-key": "sk_live_harbour", "stripe-webhook-secret": "whsec_harbour" });
const deployed = {} as Env;
const local = { LOCAL_DEV: "on", TEST_PAYMENT_WEBHOOK_SECRET: "whsec_local" } as unknown as Env;

describe("the dealer's card processor", () => {
  it("is the one the dealer's config names, with its keys read from the site's own secret slots", async () => {
    const adapter = await paymentAdapter(deployed, harbour, stripe);
    expect(adapter.name).toBe("stripe");
    expect(adapter.webhookSecret).toBe("whsec_harbour");
    expect(adapter.signatureHeader).toBe("stripe-signature");
  });

  it("takes no payments where the dealer names none, names the test processor outside wrangler dev, or a slot is not set", async () => {
    await expect(paymentAdapter(deployed, harbour, none)).rejects.toThrow(PaymentUnavailable);
    await expect(paymentAdapter(deployed, harbour, { ...none, name: "test" })).rejects.toThrow(PaymentUnavailable);
    await expect(paymentAdapter(deployed, harbour, { ...stripe, webhookSecretSlot: "summit-webhook-secret" })).rejects.toThrow(/summit-webhook-secret of harbour is not set/);
    // A live secret key with a test public key is a misconfiguration, not a half-working checkout.
    await expect(paymentAdapter(deployed, harbour, { ...stripe, publicKey: "pk_test_harbour" })).rejects.toThrow(/same Stripe mode/);
  });

  it("is the test processor only under wrangler dev, where a dealer naming none or 'test' gets it", async () => {
    expect((await paymentAdapter(local, harbour, none)).name).toBe("test");
    expect((await paymentAdapter(local, harbour, { ...none, name: "test" })).webhookSecret).toBe("whsec_local");
  });

  it("is checked in the site config: Stripe without its slots is refused, and neither a value nor an env variable can be named there", () => {
    expect(resolveSiteConfig("harbour", { reserve: { processor: stripe } }).reserve.processor).toEqual(stripe);
    expect(() => resolveSiteConfig("harbour", { reserve: { processor: { name: "stripe" } } })).toThrow(/stripe needs publicKey/);
    expect(() => resolveSiteConfig("harbour", { reserve: { processor: { ...stripe, secretKey: "sk_live_x" } } })).toThrow(/unknown key reserve.processor.secretKey/);
    expect(() => resolveSiteConfig("harbour", { reserve: { processor: { ...stripe, secretKeySlot: "sk_live_x" } } })).toThrow(/secretKeySlot: Name one of this site's secret slots/);
    expect(() => resolveSiteConfig("harbour", { reserve: { processor: { ...stripe, secretKeyEnv: "STRIPE_SECRET_KEY_SUMMIT" } } })).toThrow(
      /reserve.processor.secretKeyEnv: Settings no longer name a Worker secret/,
    );
  });

  it("is the car's dealership's own where a group's dealership names one, else the site's (ADR 0030)", async () => {
    const own = { name: "test", publicKey: "pk_test_summit_toyota", secretKeySlot: null, webhookSecretSlot: null } as const;
    const reserve = resolveSiteConfig("summit", { reserve: { processor: stripe, dealershipProcessors: { "summit-toyota": own } } }).reserve;
    expect(processorFor(reserve, "summit-toyota")).toEqual(own);
    expect(processorFor(reserve, "summit-honda")).toEqual(stripe);
    expect(processorFor(reserve, null)).toEqual(stripe);
    expect(processorFor(reserve, "__proto__")).toEqual(stripe);
    expect(processorAccount(own, await paymentAdapter(local, harbour, own))).toBe("pk_test_summit_toyota");
    expect(processorAccount(none, await paymentAdapter(local, harbour, none))).toBe("test");
    expect(() => resolveSiteConfig("summit", { reserve: { dealershipProcessors: { "summit-toyota": { name: "stripe" } } } })).toThrow(/reserve.dealershipProcessors.summit-toyota.publicKey/);
  });
});
