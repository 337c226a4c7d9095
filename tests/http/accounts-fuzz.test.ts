import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { assertConcurrently, concurrentProperty } from "../support/fuzz";
import { newClient, newMobile, signIn } from "../support/accounts";
import { fetchSite } from "../support/platform";

const SITE = "coastal-caravans";
const APIS = [
  "/api/auth/request-code",
  "/api/auth/verify",
  "/api/auth/sign-out",
  "/api/watchlist/save-car",
  "/api/watchlist/remove-car",
  "/api/saved-searches",
  "/api/saved-searches/remove",
  "/api/alerts",
  "/api/alerts/unsubscribe",
  "/api/account/email",
  "/api/account/email/verify",
] as const;

/** Bodies a browser, a bot or a broken client might send: the real fields bent out of shape, and anything at all. */
const field = fc.oneof(fc.string(), fc.jsonValue(), fc.constantFrom("0412 345 678", "+61412345678", "123456", "000000", "", "__proto__", "jo@example.com", "email", "sms"), fc.integer());
const bent = fc.dictionary(fc.constantFrom("phone", "code", "phone_number", "car_id", "query", "id", "redirect", "type", "back", "opt_in", "token", "email", "channel", "__proto__", "constructor"), field);
const body = fc.oneof(
  bent.map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  bent.map((value) => new URLSearchParams(Object.entries(value).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v) ?? ""])).toString()),
);

describe("account APIs fuzzed", () => {
  let cookie = "";
  beforeAll(async () => {
    ({ cookie } = await signIn(SITE, newMobile()));
  }, 30_000);

  for (const path of APIS) {
    it(`${path}: fuzzed bodies, never a 5xx`, { timeout: 300_000 }, async () => {
      await assertConcurrently(
        concurrentProperty(body, fc.constantFrom("application/json", "application/x-www-form-urlencoded", "text/plain"), fc.boolean(), async (text, type, signedIn) => {
          const headers: Record<string, string> = { "content-type": type, ...newClient(), ...(signedIn ? { cookie } : {}) };
          // Sign-out with the shared cookie would end the session the other runs use.
          if (path === "/api/auth/sign-out") delete headers.cookie;
          const response = await fetchSite(SITE, path, { method: "POST", headers, body: text });
          expect(response.status, `${type} ${text.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: 200, seed: 14 },
      );
    });
  }

  it("the gated and sign-in pages answer any query with a page or a redirect", { timeout: 120_000 }, async () => {
    await assertConcurrently(
      concurrentProperty(fc.dictionary(fc.constantFrom("type", "redirect", "back", "step", "phone", "error", "car_id", "token", "done", "email_error", "email_notice"), fc.string()), async (query) => {
        for (const path of ["/sign-in", "/my-garage", "/watchlist", "/pages/unsubscribe"]) {
          const response = await fetchSite(SITE, `${path}?${new URLSearchParams(query).toString()}`);
          expect(response.status, path).toBeLessThan(500);
        }
      }),
      { numRuns: 100, seed: 14 },
    );
  });
});
