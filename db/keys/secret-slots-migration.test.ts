import { resolveSiteConfig } from "@dealer/shared/config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1, migrationSql, runSqlScript } from "../test-support/d1";
import { insertSite } from "../test-support/fragment-request";

const MIGRATION = "0031_site_secrets.sql";
let db: D1Database;
let dispose: () => Promise<void>;

/** A group's settings as ADR 0027/0030 wrote them: env variable names, a Places key, and a page text that only looks like one. */
const legacy = {
  shopperEmail: { provider: "http", url: "https://api.resend.com/emails", apiKeyEnv: "RESEND_API_KEY_HARBOUR", from: "Harbour <no-reply@harbour.com.au>" },
  reserve: {
    processor: { name: "stripe", publicKey: "pk_live_x", secretKeyEnv: "STRIPE_SECRET_KEY_HARBOUR", webhookSecretEnv: "STRIPE_WEBHOOK_SECRET_HARBOUR" },
    dealershipProcessors: {
      "summit-kia": { name: "stripe", publicKey: "pk_live_k", secretKeyEnv: "STRIPE_SECRET_KEY_KIA", webhookSecretEnv: "STRIPE_WEBHOOK_SECRET_KIA" },
      "summit-toyota": { name: "test", publicKey: "pk_test_t", secretKeyEnv: null, webhookSecretEnv: null },
    },
  },
  reviews: { source: "places", placesApiKey: "AIzaPublicKey" },
  home: { heroText: '"apiKeyEnv":"NOT_A_SETTING"' },
};

beforeAll(async () => {
  ({ db, dispose } = await createTestD1(MIGRATION));
  await insertSite(db, "harbour", legacy);
  await insertSite(db, "plain", { theme: { primary: "#112233" } });
  await db.prepare("INSERT INTO site_config_versions (site, version, config, published_by, published_at) VALUES ('harbour', 1, ?, 'operator', 'now')").bind(JSON.stringify(legacy)).run();
  await runSqlScript(db, migrationSql(MIGRATION));
});
afterAll(() => dispose());

const configOf = async (sql: string) => JSON.parse((await db.prepare(sql).first<{ config: string }>())?.config ?? "{}") as Record<string, unknown>;

describe("migration 0031: settings name secret slots (ADR 0056)", () => {
  it("renames every env variable name to a slot of the site's own, in the published override and every version", async () => {
    for (const config of [await configOf("SELECT config FROM sites WHERE slug = 'harbour'"), await configOf("SELECT config FROM site_config_versions WHERE site = 'harbour'")]) {
      const resolved = resolveSiteConfig("harbour", config);
      expect(resolved.shopperEmail.apiKeySlot).toBe("resend-api-key-harbour");
      expect(resolved.reserve.processor).toMatchObject({ secretKeySlot: "stripe-secret-key-harbour", webhookSecretSlot: "stripe-webhook-secret-harbour" });
      expect(resolved.reserve.dealershipProcessors["summit-kia"]).toMatchObject({ secretKeySlot: "stripe-secret-key-kia", webhookSecretSlot: "stripe-webhook-secret-kia" });
      expect(resolved.reserve.dealershipProcessors["summit-toyota"]).toMatchObject({ secretKeySlot: null, webhookSecretSlot: null });
      // The public Places key leaves the settings (every page carried it); the slot it names is for the operator to fill.
      expect(resolved.reviews.placesApiKeySlot).toBe("places-api-key");
      expect(JSON.stringify(config)).not.toContain("AIzaPublicKey");
      expect(resolved.home.heroText).toBe('"apiKeyEnv":"NOT_A_SETTING"');
    }
  });

  it("leaves other sites' settings as they were", async () => {
    expect(await configOf("SELECT config FROM sites WHERE slug = 'plain'")).toEqual({ theme: { primary: "#112233" } });
  });

  it("refuses a setting that still names an env variable, saying what replaced it", () => {
    expect(() => resolveSiteConfig("harbour", { shopperEmail: { apiKeyEnv: "AUTH_CODE_SECRET" } })).toThrow(/shopperEmail.apiKeyEnv: Settings no longer name a Worker secret.*apiKeySlot/);
    expect(() => resolveSiteConfig("harbour", { reserve: { processor: { name: "stripe", publicKey: "pk", secretKeySlot: "TEST_PAYMENT_WEBHOOK_SECRET", webhookSecretSlot: "x" } } })).toThrow(
      /secretKeySlot: Name one of this site's secret slots/,
    );
  });
});
