import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newClient, postJson, signIn } from "../support/accounts";
import { reservableCar, shopper, postReservation } from "../support/checkout";
import { query } from "../support/db";
import { operatorApi } from "../support/operator";
import { readSiteFile } from "../../scripts/operator/site-cli";
import { GATEWAY_PORT, fetchSite } from "../support/platform";
import { postDealerForm, signedInStaff } from "../support/staff";

/**
 * Issue 36 (ADR 0056): as a dealer admin of one site, no published setting makes the platform send a platform
 * secret or another site's secret anywhere, or act on another site's account. Each case runs with either demo site
 * as the admin's and the other as the neighbour whose secrets it must not reach.
 */
const PAIRS = [
  ["harbour-city-motors", "summit-auto-group"],
  ["summit-auto-group", "harbour-city-motors"],
] as const;
/** A platform secret the forms Worker holds (a development value under wrangler dev). */
const PLATFORM_SECRET = "whsec_local_test_processor";

const dealershipOf = (site: string) => query<{ slug: string }>(`SELECT slug FROM dealerships WHERE site = '${site}' ORDER BY id LIMIT 1`)[0]?.slug ?? "";
const configVersion = (site: string) => query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${site}'`)[0]?.config_version ?? -1;
const setSecret = (site: string, slot: string, value: unknown) => operatorApi("PUT", `/sites/${site}/secrets/${slot}`, { value });
const publish = (site: string, cookie: string, fields: Record<string, string>) => postDealerForm(site, "/dealer/config", { action: "publish", ...fields }, cookie);
/** Back to the version the test started from, as the admin's own rollback does (the gateway's cache follows it). */
async function rollBack(site: string, cookie: string, version: number) {
  if (configVersion(site) !== version) expect((await postDealerForm(site, "/dealer/config", { action: "rollback", version: String(version) }, cookie)).status).toBe(200);
}

/** A mail provider in Resend's shape on loopback (allowed in a local session, as the tests' receivers are). */
type Call = { headers: IncomingHttpHeaders; body: string };
const calls: Call[] = [];
let receiver: Server;
let receiverUrl = "";
beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      calls.push({ headers: request.headers, body });
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: randomUUID() }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/emails`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe("secret slots through the operator API", () => {
  it.each(PAIRS)("store a value for %s that no answer, export, audit entry or page shows back", { timeout: 60_000 }, async (site) => {
    const value = `sk_test_${randomUUID().replaceAll("-", "")}`;
    const stored = await setSecret(site, "stripe-secret-key", value);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({ secret: { name: "stripe-secret-key", updatedBy: "operator" } });

    const listed = await (await operatorApi("GET", `/sites/${site}/secrets`)).text();
    expect(JSON.parse(listed)).toMatchObject({ secrets: expect.arrayContaining([expect.objectContaining({ name: "stripe-secret-key" })]) });
    const answers = [
      listed,
      await (await operatorApi("GET", `/sites/${site}`)).text(),
      await (await operatorApi("GET", `/sites/${site}/export`)).text(),
      await (await fetchSite(site, "/")).text(),
      JSON.stringify(query(`SELECT * FROM audit_log WHERE site = '${site}' AND action = 'secret.set'`)),
      JSON.stringify(query(`SELECT * FROM site_secrets WHERE site = '${site}'`)),
    ];
    for (const answer of answers) expect(answer).not.toContain(value);
    expect(query(`SELECT subject, actor FROM audit_log WHERE site = '${site}' AND action = 'secret.set' ORDER BY id DESC LIMIT 1`)[0]).toEqual({ subject: "stripe-secret-key", actor: "operator" });

    expect((await operatorApi("DELETE", `/sites/${site}/secrets/stripe-secret-key`)).status).toBe(200);
    expect((await operatorApi("DELETE", `/sites/${site}/secrets/stripe-secret-key`)).status).toBe(404);
    expect(query(`SELECT action FROM audit_log WHERE site = '${site}' ORDER BY id DESC LIMIT 1`)[0]).toEqual({ action: "secret.delete" });
  });

  it.each(PAIRS)("refuse bad names and values for %s by field, unknown sites, and anyone but the operator", async (site) => {
    const problemsOf = async (answer: Response) => {
      expect(answer.status).toBe(400);
      return ((await answer.json()) as { problems: { path: string }[] }).problems.map((problem) => problem.path);
    };
    expect(await problemsOf(await setSecret(site, "TEST_PAYMENT_WEBHOOK_SECRET", "x"))).toEqual(["name"]);
    expect(await problemsOf(await setSecret(site, "mail-key", ""))).toEqual(["value"]);
    expect(await problemsOf(await setSecret(site, "mail-key", "two words"))).toEqual(["value"]);
    expect(await problemsOf(await setSecret(site, "mail-key", "x".repeat(4097)))).toEqual(["value"]);
    expect(await problemsOf(await setSecret(site, "mail-key", 42))).toEqual(["value"]);
    expect(await problemsOf(await operatorApi("PUT", `/sites/${site}/secrets/mail-key`))).toEqual(["value"]);
    expect((await setSecret("no-such-site", "mail-key", "x")).status).toBe(404);
    expect((await operatorApi("PUT", `/sites/${site}/secrets/mail-key`, { value: "x" }, "write-harbour-city-motors")).status).toBe(401);
    expect(query(`SELECT COUNT(*) AS n FROM site_secrets WHERE site = '${site}' AND name = 'mail-key'`)[0]).toEqual({ n: 0 });
  });
});

describe("a dealer admin's settings name the site's own slots only", () => {
  it.each(PAIRS)("%s: an env variable's name, a retired setting or an address of the admin's choosing is refused with its reason", { timeout: 60_000 }, async (site) => {
    const admin = await signedInStaff(site, dealershipOf(site), "admin");
    const before = configVersion(site);
    const refusals: [Record<string, string>, string, RegExp][] = [
      [{ "shopperEmail.apiKeySlot": "TEST_PAYMENT_WEBHOOK_SECRET" }, "shopperEmail.apiKeySlot", /Name one of this site(&#x27;|&#39;|')s secret slots/],
      [
        { "reserve.dealershipProcessors": JSON.stringify({ [dealershipOf(site)]: { name: "stripe", publicKey: "pk_test_x", secretKeyEnv: "AUTH_CODE_SECRET", webhookSecretEnv: "LEAD_LINK_SECRET" } }) },
        `reserve.dealershipProcessors.${dealershipOf(site)}.secretKeyEnv`,
        /Settings no longer name a Worker secret or hold a key: name one of this site(&#x27;|&#39;|')s secret slots in secretKeySlot/,
      ],
      [
        { "shopperEmail.provider": "http", "shopperEmail.url": "https://collector.example/keys", "shopperEmail.apiKeySlot": "mail-api-key", "shopperEmail.from": "Dealer <no-reply@dealer.example>" },
        "shopperEmail.url",
        /Choose one of the mail providers the platform allows: https:\/\/api.resend.com\/emails/,
      ],
    ];
    for (const [fields, path, message] of refusals) {
      const answer = await publish(site, admin.cookie, fields);
      expect(answer.status, path).toBe(400);
      const page = await answer.text();
      // Each problem is listed by its setting's path (a path inside a JSON setting too) with its reason.
      expect(page, path).toContain(`<li>${path}: `);
      expect(page, path).toMatch(message);
    }
    expect(configVersion(site)).toBe(before);
  });

  it.each(PAIRS)("%s's shopper mail carries its own key or none: never %s's or the platform's", { timeout: 90_000 }, async (site, neighbour) => {
    const admin = await signedInStaff(site, dealershipOf(site), "admin");
    const before = configVersion(site);
    const neighbourKey = `re_neighbour_${randomUUID()}`;
    const ownKey = `re_own_${randomUUID()}`;
    expect((await setSecret(neighbour, "mail-api-key", neighbourKey)).status).toBe(200);
    await operatorApi("DELETE", `/sites/${site}/secrets/mail-api-key`);
    // A new shopper each time: a shopper's e-mail codes are rate-limited.
    const requestCode = async () => postJson(site, "/api/account/email", { email: `slot-${randomUUID()}@example.com` }, { cookie: (await signIn(site)).cookie, ...newClient() });
    try {
      for (const slot of ["mail-api-key", "test-payment-webhook-secret"]) {
        const published = await publish(site, admin.cookie, {
          "shopperEmail.provider": "http",
          "shopperEmail.url": receiverUrl,
          "shopperEmail.apiKeySlot": slot,
          "shopperEmail.from": "Dealer <no-reply@dealer.example>",
        });
        expect(published.status, slot).toBe(200);
        // The site has no such slot: nothing is sent, and the shopper hears the mail could not go.
        expect((await requestCode()).status, slot).toBe(424);
      }
      expect((await setSecret(site, "test-payment-webhook-secret", ownKey)).status).toBe(200);
      expect((await requestCode()).status).toBe(200);
      expect(calls.at(-1)?.headers.authorization).toBe(`Bearer ${ownKey}`);
      const sent = JSON.stringify(calls);
      expect(sent).not.toContain(neighbourKey);
      expect(sent).not.toContain(PLATFORM_SECRET);
    } finally {
      await rollBack(site, admin.cookie, before);
      await operatorApi("DELETE", `/sites/${site}/secrets/test-payment-webhook-secret`);
      await operatorApi("DELETE", `/sites/${neighbour}/secrets/mail-api-key`);
    }
  });

  it.each(PAIRS)("%s cannot take payments with %s's card processor keys", { timeout: 90_000 }, async (site, neighbour) => {
    const admin = await signedInStaff(site, dealershipOf(site), "admin");
    const before = configVersion(site);
    expect((await setSecret(neighbour, "stripe-secret-key", "sk_test_neighbour")).status).toBe(200);
    expect((await setSecret(neighbour, "stripe-webhook-secret", "whsec_neighbour")).status).toBe(200);
    try {
      const published = await publish(site, admin.cookie, {
        "reserve.processor.name": "stripe",
        "reserve.processor.publicKey": "pk_test_neighbour",
        "reserve.processor.secretKeySlot": "stripe-secret-key",
        "reserve.processor.webhookSecretSlot": "stripe-webhook-secret",
      });
      expect(published.status).toBe(200);
      const car = reservableCar(site);
      const refused = await postReservation(site, { car: car.slug, values: shopper() }, newClient());
      expect(refused.status).toBe(503);
      expect(query(`SELECT COUNT(*) AS n FROM reservations WHERE car_id = ${car.id} AND holding = 1`)[0]).toEqual({ n: 0 });
    } finally {
      await rollBack(site, admin.cookie, before);
      await operatorApi("DELETE", `/sites/${neighbour}/secrets/stripe-secret-key`);
      await operatorApi("DELETE", `/sites/${neighbour}/secrets/stripe-webhook-secret`);
    }
  });

  it.each(PAIRS)("%s's Places key stays on the server: no page carries it", { timeout: 60_000 }, async (site) => {
    const admin = await signedInStaff(site, dealershipOf(site), "admin");
    const before = configVersion(site);
    const placesKey = `AIza${randomUUID().replaceAll("-", "")}`;
    expect((await setSecret(site, "places-api-key", placesKey)).status).toBe(200);
    try {
      expect((await publish(site, admin.cookie, { "reviews.source": "places", "reviews.placesApiKeySlot": "places-api-key" })).status).toBe(200);
      const location = query<{ slug: string }>(`SELECT slug FROM locations WHERE site = '${site}' ORDER BY id LIMIT 1`)[0]?.slug;
      for (const path of ["/", "/dealer-locator", `/our-location/${location}`]) {
        const answer = await fetchSite(site, path);
        expect(answer.status, path).toBe(200);
        expect(await answer.text(), path).not.toContain(placesKey);
      }
    } finally {
      await rollBack(site, admin.cookie, before);
      await operatorApi("DELETE", `/sites/${site}/secrets/places-api-key`);
    }
  });
});

describe("the operator's command and site files", () => {
  const ROOT = join(import.meta.dirname, "../..");
  it.each(PAIRS)("`site secret %s NAME` reads the value from stdin and never prints it", { timeout: 60_000 }, async (site) => {
    const value = `re_cli_${randomUUID()}`;
    const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/operator/site-cli.ts", "secret", site, "cli-mail-key", "--url", `http://localhost:${GATEWAY_PORT}`], {
      cwd: ROOT,
      encoding: "utf8",
      input: `${value}\n`,
    });
    expect(out).toContain('"name": "cli-mail-key"');
    expect(out).not.toContain(value);
    const listed = (await (await operatorApi("GET", `/sites/${site}/secrets`)).json()) as { secrets: { name: string }[] };
    expect(listed.secrets.map((secret) => secret.name)).toContain("cli-mail-key");
    expect((await operatorApi("DELETE", `/sites/${site}/secrets/cli-mail-key`)).status).toBe(200);
  });

  it("a site file naming an env variable or a mail provider the platform does not allow is refused by path, nothing written", async () => {
    const file = readSiteFile(join(ROOT, "examples/sites/seventh-dealer.yaml")) as Record<string, unknown>;
    const slug = `secret-check-${randomUUID().slice(0, 8)}`;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ shopperEmail: { provider: "http", url: "https://api.resend.com/emails", apiKeyEnv: "AUTH_CODE_SECRET", from: "A <a@dealer.example>" } }, "config.shopperEmail.apiKeyEnv", /no longer name a Worker secret/],
      [{ shopperEmail: { provider: "http", url: "http://169.254.169.254/latest", apiKeySlot: "mail-api-key", from: "A <a@dealer.example>" } }, "config.shopperEmail.url", /mail providers the platform allows/],
    ];
    for (const [config, path, message] of cases) {
      const answer = await operatorApi("POST", "/sites", { ...file, slug, domains: [], config });
      expect(answer.status, path).toBe(400);
      const { problems } = (await answer.json()) as { problems: { path: string; message: string }[] };
      expect(problems.find((problem) => problem.path === path)?.message, path).toMatch(message);
    }
    expect(query(`SELECT COUNT(*) AS n FROM sites WHERE slug = '${slug}'`)[0]).toEqual({ n: 0 });
  });
});
