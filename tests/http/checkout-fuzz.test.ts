import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertConcurrently, concurrentProperty } from "../support/fuzz";
import { query } from "../support/db";
import { postReservation, reservableCar, shopper, TEST_WEBHOOK_SECRET } from "../support/checkout";
import { fetchSite } from "../support/platform";

const SITE = "outback-trucks";
const RUNS = { numRuns: 200, seed: 20_261_123 };
const notReservable = query<{ slug: string }>(`SELECT slug FROM vehicles WHERE site = '${SITE}' AND coalesce(json_extract(data, '$.checkout_enabled'), 0) = 0 LIMIT 1`)[0]?.slug ?? "none";

const under500 = (label: string) => (response: Response) => expect(response.status, label).toBeLessThan(500);
const anyText = fc.oneof(fc.string(), fc.jsonValue().map((value) => JSON.stringify(value)));

describe("checkout APIs fuzzed (fixed seed)", () => {
  it("POST /api/reservations answers fuzzed bodies with 2xx-4xx", { timeout: 600_000 }, async () => {
    const values = fc.dictionary(fc.constantFrom("name", "email", "phone", "postcode", "opt_in", "terms_conditions", "last_name", "__proto__"), fc.jsonValue());
    const bent = fc.record({ car: fc.oneof(fc.constant(notReservable), fc.string(), fc.jsonValue()), values: fc.oneof(values, fc.constant(shopper()), fc.jsonValue()) }, { requiredKeys: [] });
    const body = fc.oneof(bent.map((value) => JSON.stringify(value)), anyText, fc.dictionary(fc.string(), fc.string()).map((form) => new URLSearchParams(form).toString()));
    await assertConcurrently(
      concurrentProperty(body, fc.constantFrom("application/json", "application/x-www-form-urlencoded", "text/plain"), fc.option(fc.string(), { nil: undefined }), async (text, type, key) => {
        const response = await postReservation(SITE, text, { "content-type": type, ...(key === undefined ? {} : { "idempotency-key": key.replace(/[\r\n]/g, "") }) });
        under500(`${type} ${text.slice(0, 200)}`)(response);
      }),
      RUNS,
    );
  });

  it("POST /api/payments/webhook answers fuzzed bodies, signed or not, with 2xx-4xx", { timeout: 600_000 }, async () => {
    const event = fc.record(
      {
        id: fc.oneof(fc.string(), fc.jsonValue()),
        type: fc.oneof(fc.constantFrom("checkout.session.completed", "checkout.session.expired"), fc.string()),
        data: fc.oneof(fc.record({ object: fc.dictionary(fc.constantFrom("id", "client_reference_id", "payment_status", "amount_total"), fc.jsonValue()) }), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(event.map((value) => JSON.stringify(value)), anyText);
    await assertConcurrently(
      concurrentProperty(body, fc.constantFrom("valid", "none", "garbage"), fc.string(), async (text, signing, garbage) => {
        const at = Math.floor(Date.now() / 1000);
        const signature =
          signing === "valid" ? `t=${at},v1=${createHmac("sha256", TEST_WEBHOOK_SECRET).update(`${at}.${text}`).digest("hex")}` : signing === "garbage" ? garbage.replace(/[\r\n]/g, "") : undefined;
        const response = await fetchSite(SITE, "/api/payments/webhook", {
          method: "POST",
          headers: { "content-type": "application/json", ...(signature === undefined ? {} : { "test-processor-signature": signature }) },
          body: text,
        });
        under500(`${signing} ${text.slice(0, 200)}`)(response);
      }),
      RUNS,
    );
  });

  it("POST /api/reservations/release-expired and the test processor's page answer fuzzed requests with 2xx-4xx", { timeout: 900_000 }, async () => {
    const car = reservableCar(SITE);
    const created = (await (await postReservation(SITE, { car: car.slug, values: shopper() })).json()) as { next_url: string };
    const sessionPath = new URL(created.next_url).pathname;
    await assertConcurrently(
      concurrentProperty(fc.oneof(fc.constant("Bearer write-outback-trucks"), fc.string()), anyText, async (authorization, text) => {
        const response = await fetchSite(SITE, "/api/reservations/release-expired", { method: "POST", headers: { authorization: authorization.replace(/[\r\n]/g, "") }, body: text });
        under500(authorization)(response);
      }),
      RUNS,
    );
    const form = fc.dictionary(fc.constantFrom("card_number", "card_expiry", "card_cvc", "x"), fc.oneof(fc.constant("4000 0000 0000 0002"), fc.string())).map((fields) => new URLSearchParams(fields).toString());
    await assertConcurrently(
      concurrentProperty(fc.oneof(fc.constant(sessionPath), fc.string().map((id) => `/payments/test-processor/${encodeURIComponent(id)}`)), fc.oneof(form, anyText), async (path, text) => {
        const response = await fetchSite(SITE, path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: text });
        under500(`${path} ${text.slice(0, 100)}`)(response);
      }),
      RUNS,
    );
  });
});
