import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { newClient, postJson, signIn } from "../support/accounts";
import { postReservation, reservableCar, shopper } from "../support/checkout";
import { fetchSite, GATEWAY_PORT } from "../support/platform";

const origin = (site: string) => ({ origin: `http://${site}.localhost:${GATEWAY_PORT}` });

describe("online payment and spin-to-win APIs (ADR 0040)", () => {
  for (const site of ["harbour-city-motors", "summit-auto-group"]) {
    it(`${site}: a signed-out payment is 401, bad input 400 naming each field, an unknown reservation 404`, async () => {
      const client = newClient();
      const out = await postJson(site, "/api/payments/online", { purpose: "service_invoice", reference: "INV-1", amount: 100 }, { ...origin(site), ...client });
      expect(out.status).toBe(401);
      const { cookie } = await signIn(site);
      const bad = await postJson(site, "/api/payments/online", { purpose: "car", reference: "a b", amount: "0.001" }, { ...origin(site), ...client, cookie });
      expect(bad.status).toBe(400);
      const { fieldErrors } = (await bad.json()) as { fieldErrors: Record<string, string[]> };
      expect(Object.keys(fieldErrors).sort()).toEqual(["amount", "purpose", "reference"]);
      const tooMuch = await postJson(site, "/api/payments/online", { purpose: "service_invoice", reference: "INV-1", amount: 50_000.01 }, { ...origin(site), ...client, cookie });
      expect(((await tooMuch.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.amount).toEqual(["The amount must be between $1 and $50,000."]);
      const unknown = await postJson(site, "/api/payments/online", { purpose: "reservation", reference: "no-such-reservation", amount: 200 }, { ...origin(site), ...client, cookie });
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.reference).toEqual(["No reservation with this reference on this site."]);
      const ok = await postJson(site, "/api/payments/online", { purpose: "service_invoice", reference: "INV-2041", amount: "1,234.50" }, { ...origin(site), ...client, cookie });
      expect(ok.status).toBe(201);
      expect(((await ok.json()) as { next_url: string }).next_url).toMatch(/\/payments\/test-processor\/tps_/);
    });

    it(`${site}: spin-to-win needs sign-in and the terms, and takes one entry per shopper`, async () => {
      const client = newClient();
      expect((await postJson(site, "/api/spin-to-win", { terms: true }, { ...origin(site), ...client })).status).toBe(401);
      const { cookie } = await signIn(site);
      const noTerms = await postJson(site, "/api/spin-to-win", {}, { ...origin(site), ...client, cookie });
      expect(noTerms.status).toBe(400);
      expect(((await noTerms.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.terms).toEqual(["Please agree to the promotion's terms to enter."]);
      const first = await postJson(site, "/api/spin-to-win", { terms: true }, { ...origin(site), ...client, cookie });
      expect(first.status).toBe(201);
      const { prize } = (await first.json()) as { prize: string };
      const again = await postJson(site, "/api/spin-to-win", { terms: true }, { ...origin(site), ...client, cookie });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ message: "You have already entered: one entry per person.", prize });
      const crossSite = await postJson(site, "/api/spin-to-win", { terms: true }, { origin: "https://elsewhere.example", ...client, cookie });
      expect(crossSite.status).toBe(403);
    });
  }

  it("a payment towards a reservation goes to its dealership's processor; another site's reservation is unknown", async () => {
    const site = "harbour-city-motors";
    const car = reservableCar(site);
    const reserved = await postReservation(site, { car: car.slug, values: shopper() }, { "idempotency-key": randomUUID() });
    expect(reserved.status).toBe(201);
    const { reservation } = (await reserved.json()) as { reservation: string };
    const client = newClient();
    const { cookie } = await signIn(site);
    const paid = await postJson(site, "/api/payments/online", { purpose: "reservation", reference: reservation, amount: 500 }, { ...origin(site), ...client, cookie });
    expect(paid.status).toBe(201);
    const elsewhere = await signIn("metro-certified");
    const other = await postJson("metro-certified", "/api/payments/online", { purpose: "reservation", reference: reservation, amount: 500 }, { ...origin("metro-certified"), ...client, cookie: elsewhere.cookie });
    expect(other.status).toBe(404);
  });

  it("both pages exist behind their gate: signed in, each answers 200 with its page", async () => {
    const site = "metro-certified";
    const { cookie } = await signIn(site);
    for (const [path, heading] of [["/spin-to-win", "Spin to win"], ["/online-payment", "Online payment"]] as const) {
      const anonymous = await fetchSite(site, path);
      expect(anonymous.status).toBe(302);
      const page = await fetchSite(site, path, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`>${heading}</h1>`);
    }
  });
});
