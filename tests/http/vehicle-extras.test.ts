import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertConcurrently, concurrentProperty } from "../support/fuzz";
import { query } from "../support/db";
import { fetchSite, GATEWAY_PORT } from "../support/platform";
import { carPath, cars } from "../support/vehicles";

const SITE = "harbour-city-motors";
const json = { "content-type": "application/json" };
const UNKNOWN_LOCATION = "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

const carId = (path: string) => {
  const [row] = query<{ id: number }>(`SELECT id FROM vehicles WHERE site = '${SITE}' AND slug = '${path.replace("/cars/", "")}'`);
  if (!row) throw new Error(`no car ${path}`);
  return row.id;
};
const estimate = (site: string, body: unknown) =>
  fetchSite(site, "/api/vehicles/delivery-estimates", { method: "POST", headers: json, body: typeof body === "string" ? body : JSON.stringify(body) });

describe("POST /api/vehicles/delivery-estimates", () => {
  const id = carId(carPath(SITE, cars.inStock));

  it("prices a postcode by the car's dealership's table, the narrowest region first, and answers null where it does not deliver", async () => {
    // Harbour City Motors is in Brisbane: Brisbane metro is cheapest, regional Queensland dearer, Perth interstate.
    const brisbane = await estimate(SITE, { car_id: id, postcode: "4000" });
    expect(brisbane.status).toBe(200);
    expect(await brisbane.json()).toEqual({ estimate: { region: "Brisbane metro", price: 149 } });
    expect(await (await estimate(SITE, { car_id: id, postcode: " 4810 " })).json()).toEqual({ estimate: { region: "Regional QLD", price: 449 } });
    expect(await (await estimate(SITE, { car_id: id, postcode: "6000" })).json()).toEqual({ estimate: { region: "Perth metro", price: 899 } });
    // Tasmania is not in any demo table.
    expect(await (await estimate(SITE, { car_id: id, postcode: "7000" })).json()).toEqual({ estimate: null });
    expect(UNKNOWN_LOCATION).toContain("give us a call");
  });

  it("answers a missing or malformed postcode with the spec's field messages", async () => {
    const empty = await estimate(SITE, { car_id: id, postcode: "  " });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({ postcode: ["Please enter a postcode."] });
    const missing = await estimate(SITE, { car_id: id });
    expect(((await missing.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.postcode).toEqual(["Please enter a postcode."]);
    for (const postcode of ["400", "40000", "4OOO", "4,000"]) {
      const response = await estimate(SITE, { car_id: id, postcode });
      expect(response.status, postcode).toBe(400);
      expect(((await response.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.postcode).toEqual(["Invalid postcode. Please enter a 4-digit number."]);
    }
  });

  it("never prices another dealer's car, an unknown car or a huge body", async () => {
    expect((await estimate("ridge-motorcycles", { car_id: id, postcode: "4000" })).status).toBe(404);
    expect((await estimate(SITE, { car_id: 999_999_999, postcode: "4000" })).status).toBe(404);
    expect((await estimate(SITE, { car_id: id, postcode: "4000", pad: "x".repeat(5_000) })).status).toBe(413);
  });
});

describe("POST /api/vehicles/events", () => {
  it("takes a valid beacon (204) and refuses a malformed one with field errors", async () => {
    const ok = await fetchSite(SITE, "/api/vehicles/events", {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        page: "/cars/x",
        events: [
          { kind: "event", id: 15, data: { car_id: 1 } },
          { kind: "pixel", name: "ViewContent", data: { price: 24990, make: "Toyota", model: "Corolla", currency: "AUD" } },
        ],
      }),
    });
    expect(ok.status).toBe(204);
    const bad = await fetchSite(SITE, "/api/vehicles/events", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ page: "/", events: [{ kind: "event", id: 0, data: {} }, { kind: "pixel", name: "ViewContent", data: { currency: "USD" } }] }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors)).toEqual(
      expect.arrayContaining(["events.0.id", "events.1.data.currency"]),
    );
  });
});

describe("GET /cars/{slug}/pdf", () => {
  it("downloads the car's sheet as a PDF; an unknown car is a 404", async () => {
    const path = carPath(SITE, cars.inStock);
    const response = await fetchSite(SITE, `${path}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${path.replace("/cars/", "")}.pdf"`);
    const text = new TextDecoder().decode(await response.arrayBuffer());
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text).toContain("(Harbour City Motors) '");
    // The price line of a priced car carries its type beside it (ACL s48), as the car page does.
    const priced = carPath(SITE, `${cars.inStock} AND json_extract(data, '$.price') > 10 AND json_extract(data, '$.offer_price') IS NULL AND coalesce(json_extract(data, '$.subscription_price'), 0) = 0`);
    const sheet = new TextDecoder().decode(await (await fetchSite(SITE, `${priced}/pdf`)).arrayBuffer());
    const [row] = query<{ price: number; price_type: string | null }>(
      `SELECT json_extract(data, '$.price') AS price, json_extract(data, '$.price_type') AS price_type FROM vehicles WHERE site = '${SITE}' AND slug = '${priced.replace("/cars/", "")}'`,
    );
    expect(sheet).toContain(`($${new Intl.NumberFormat("en-AU").format(row?.price ?? 0)} ${row?.price_type ?? "Excl. Government Charges"}) '`);
    expect((await fetchSite(SITE, "/cars/no-such-car/pdf")).status).toBe(404);
    expect((await fetchSite("ridge-motorcycles", `${path}/pdf`)).status).toBe(404);
  });
});

describe("fuzzed bodies", () => {
  const id = carId(carPath(SITE, cars.inStock));
  const deliveryBody = fc.oneof(
    fc.record({ car_id: fc.oneof(fc.constant(id), fc.integer(), fc.jsonValue()), postcode: fc.oneof(fc.stringMatching(/^\d{4}$/), fc.string(), fc.jsonValue()) }).map((v) => JSON.stringify(v)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string(),
  );
  const eventBody = fc.oneof(
    fc
      .record({
        page: fc.oneof(fc.string(), fc.jsonValue()),
        events: fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant("event"), id: fc.oneof(fc.integer(), fc.jsonValue()), data: fc.dictionary(fc.string(), fc.jsonValue()) }),
            fc.record({ kind: fc.constant("pixel"), name: fc.constantFrom("ViewContent", "Purchase"), data: fc.jsonValue() }),
            fc.jsonValue(),
          ),
          { maxLength: 60 },
        ),
      })
      .map((v) => JSON.stringify(v)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string(),
  );

  it.each([
    ["/api/vehicles/delivery-estimates", deliveryBody],
    ["/api/vehicles/events", eventBody],
  ] as const)("%s answers fuzzed bodies with a 2xx or 4xx, never a 5xx", { timeout: 300_000 }, async (path, bodies) => {
    await assertConcurrently(
      concurrentProperty(bodies, fc.constantFrom("application/json", "text/plain"), async (text, type) => {
        const response = await fetchSite(SITE, path, { method: "POST", headers: { "content-type": type }, body: text });
        await response.arrayBuffer();
        expect(response.status, `${type} ${text.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 200, seed: 20261123 },
    );
  });
});

describe("the car page's head", () => {
  const attr = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

  it("has Open Graph and Twitter card tags with the title, description, absolute image and address, and the price", async () => {
    const path = carPath(SITE, `${cars.inStock} AND json_extract(data, '$.price') > 1000 AND json_extract(data, '$.offer_price') IS NULL AND coalesce(json_extract(data, '$.subscription_price'), 0) = 0 AND json_array_length(json_extract(data, '$.images')) > 0`);
    const response = await fetchSite(SITE, path);
    const html = await response.text();
    const [row] = query<{ price: number }>(`SELECT json_extract(data, '$.price') AS price FROM vehicles WHERE site = '${SITE}' AND slug = '${path.replace("/cars/", "")}'`);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    const url = `http://${SITE}.localhost:${GATEWAY_PORT}${path}`;
    expect(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1]).toBe(url);
    expect(attr(html, "og:type")).toBe("product");
    expect(attr(html, "og:title")).toBe(title);
    expect(attr(html, "twitter:title")).toBe(title);
    expect(attr(html, "og:description")).toBe(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]);
    expect(attr(html, "og:url")).toBe(url);
    expect(attr(html, "product:price:amount")).toBe((row?.price ?? 0).toFixed(2));
    expect(attr(html, "product:price:currency")).toBe("AUD");
    expect(attr(html, "twitter:card")).toBe("summary_large_image");
    const image = attr(html, "og:image") ?? "";
    expect(image).toMatch(/^http:\/\/harbour-city-motors\.localhost:\d+\/cdn\/image\/width=1200,/);
    expect(attr(html, "twitter:image")).toBe(image);
    const served = new URL(image);
    expect((await fetchSite(SITE, served.pathname + served.search)).status).toBe(200);
    // The Car + Offer JSON-LD stays beside them.
    expect(html).toMatch(/<script type="application\/ld\+json">\{"@context":"https:\/\/schema.org","@type":"Car"/);
  });

  it("a sold car's preview has no price; the printable page is kept out of search results", async () => {
    const sold = await (await fetchSite(SITE, carPath(SITE, cars.sold))).text();
    expect(attr(sold, "og:title")).toBeTruthy();
    expect(attr(sold, "product:price:amount")).toBeUndefined();
    const print = await fetchSite(SITE, `/print?car_id=${carPath(SITE, cars.inStock).replace("/cars/", "")}`);
    expect(print.status).toBe(200);
    const html = await print.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(attr(html, "og:title")).toBeUndefined();
    expect((await fetchSite(SITE, "/print?car_id=no-such-car")).status).toBe(404);
    expect((await fetchSite(SITE, "/print")).status).toBe(404);
  });
});
