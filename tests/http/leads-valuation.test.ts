import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dealerLeads, postLead } from "../support/leads";
import { fetchSite, GATEWAY_PORT } from "../support/platform";
import { signedInStaff } from "../support/staff";
import { comparableCar, tradeIn } from "../support/trade-in";

const SITE = "harbour-city-motors";
const KEY = "write-harbour-city-motors";

type Valued = { lead_id: number; valuation: { estimate: boolean; low?: number; high?: number; offer?: number; reason?: string } };

async function sentTradeIn(answers: Record<string, "Yes" | "No"> = {}) {
  const car = await comparableCar(SITE);
  const key = randomUUID();
  const body = tradeIn({ make: car.make.toUpperCase(), model: car.model, year: car.year, kms: 30_000 }, answers);
  const response = await postLead(SITE, body, { "idempotency-key": key });
  expect(response.status).toBe(201);
  return { key, body, answer: (await response.json()) as Valued };
}

function misc(body: unknown, headers: Record<string, string> = {}, site = SITE) {
  return fetchSite(site, "/api/miscellaneous", { method: "POST", headers: { "content-type": "application/json", origin: `http://${site}.localhost:${GATEWAY_PORT}`, ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

describe("trade-in valuation", () => {
  it("a trade-in answers with its online estimate from comparable stock; a retry gets the same answer", async () => {
    const { key, body, answer } = await sentTradeIn();
    expect(answer.valuation).toMatchObject({ estimate: true });
    const { low = 0, high = 0, offer } = answer.valuation;
    expect(low).toBeGreaterThan(0);
    expect(high).toBeGreaterThan(low);
    expect(offer).toBe(low);
    const again = await postLead(SITE, body, { "idempotency-key": key });
    expect(await again.json()).toEqual(answer);
    const worse = await sentTradeIn({ accident: "Yes" });
    expect(worse.answer.valuation.offer).toBeLessThan(offer ?? 0);
  });

  it("no online estimate over 7 years old or 100,000 km", async () => {
    const car = await comparableCar(SITE);
    for (const vehicle of [{ ...car, year: new Date().getUTCFullYear() - 8, kms: 20_000 }, { ...car, kms: 100_001 }]) {
      const response = await postLead(SITE, tradeIn({ make: car.make, model: car.model, year: vehicle.year, kms: vehicle.kms }));
      expect(((await response.json()) as Valued).valuation).toMatchObject({ estimate: false, reason: "age-or-kms" });
    }
  });

  it("the offer is accepted once, by the browser that sent the trade-in, at the stored price", async () => {
    const { key, answer } = await sentTradeIn();
    const acceptance = { kind: "offer_acceptance", category: "Trade-In Valuation", subcategory: "3. Offer Accepted", lead_id: answer.lead_id, form_completed: true, offer_accepted: true, userData: tradeIn({ make: "x", model: "y", year: 2024, kms: 1 }).userData };
    const stranger = await postLead(SITE, { ...acceptance, lead_key: randomUUID() });
    expect(stranger.status).toBe(404);
    const accepted = await postLead(SITE, { ...acceptance, lead_key: key }, { "idempotency-key": `${key}:accepted` });
    expect(accepted.status).toBe(201);
    const { lead_id } = (await accepted.json()) as { lead_id: number };
    const retried = await postLead(SITE, { ...acceptance, lead_key: key }, { "idempotency-key": `${key}:accepted` });
    expect(await retried.json()).toEqual({ lead_id });
    const stored = (await dealerLeads(SITE, KEY, "?limit=1000")).find((lead) => lead.lead_id === lead_id);
    expect(stored?.values).toMatchObject({ subcategory: "3. Offer Accepted", category: "Trade-In Valuation" });
    expect((stored as unknown as { kind: string }).kind).toBe("offer_acceptance");
    // A trade-in with no estimate has no offer to accept.
    const car = await comparableCar(SITE);
    const oldKey = randomUUID();
    const old = (await (await postLead(SITE, tradeIn({ make: car.make, model: car.model, year: 2000, kms: 1 }), { "idempotency-key": oldKey })).json()) as Valued;
    expect((await postLead(SITE, { ...acceptance, lead_id: old.lead_id, lead_key: oldKey })).status).toBe(404);
  });

  it("a second acceptance of one offer, under any other key or none, is a 409 and stores nothing", async () => {
    const { key, body, answer } = await sentTradeIn();
    const acceptance = { kind: "offer_acceptance", category: "Trade-In Valuation", subcategory: "3. Offer Accepted", lead_id: answer.lead_id, lead_key: key, form_completed: true, offer_accepted: true, userData: tradeIn({ make: "x", model: "y", year: 2024, kms: 1 }).userData };
    // Two acceptances racing with different keys: one is taken.
    const racing = await Promise.all([postLead(SITE, acceptance, { "idempotency-key": randomUUID() }), postLead(SITE, acceptance, { "idempotency-key": randomUUID() })]);
    expect(racing.map((response) => response.status).sort()).toEqual([201, 409]);
    for (const headers of [{ "idempotency-key": randomUUID() }, {}] as Record<string, string>[]) {
      const again = await postLead(SITE, acceptance, headers);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ message: "This offer has already been accepted. The dealership will be in touch." });
    }
    const acceptances = (await dealerLeads(SITE, KEY, "?limit=1000")).filter((lead) => lead.values.subcategory === "3. Offer Accepted" && (lead as unknown as { kind: string }).kind === "offer_acceptance" && lead.values.email === body.values.email);
    expect(acceptances).toHaveLength(1);
  });
});

describe("POST /api/miscellaneous", () => {
  it("saves the valuation under column_name 'valuation' on a site that configures it", async () => {
    const { key, answer } = await sentTradeIn();
    const response = await misc({ lead_id: answer.lead_id, lead_key: key, column_name: "valuation", valuation: answer.valuation });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "Saved", column_name: "valuation" });
    // Saving again replaces it.
    expect((await misc({ lead_id: answer.lead_id, lead_key: key, column_name: "valuation", valuation: answer.valuation })).status).toBe(201);
  });

  it("refuses another browser's lead, another site, other origins, other bodies", async () => {
    const { key, answer } = await sentTradeIn();
    const good = { lead_id: answer.lead_id, lead_key: key, valuation: answer.valuation };
    expect((await misc({ ...good, lead_key: "guess" })).status).toBe(404);
    expect((await misc(good, { origin: `http://outback-trucks.localhost:${GATEWAY_PORT}` }, "outback-trucks")).status).toBe(404);
    expect((await misc(good, { origin: "https://evil.example" })).status).toBe(403);
    expect((await misc(JSON.stringify(good), { "content-type": "text/plain" })).status).toBe(415);
    const invalid = await misc({ lead_id: "x", valuation: { estimate: true, low: -1 } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(((await invalid.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors)).toEqual(expect.arrayContaining(["lead_id", "lead_key"]));
    expect((await misc("x".repeat(10 * 1024 * 1024))).status).toBe(413);
  });
});

describe("the dealer inbox", () => {
  const inbox = (cookie: string, site = SITE) => fetchSite(site, "/dealer/leads", { headers: { cookie } });

  it("is only for signed-in staff: no sign-in form takes a dealership key, a cross-site post is refused", async () => {
    const anonymous = await fetchSite(SITE, "/dealer/leads");
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toContain("/dealer/sign-in");
    const signInPage = await (await fetchSite(SITE, "/dealer/sign-in")).text();
    expect(signInPage).toContain('name="email"');
    expect(signInPage).not.toContain('name="key"');
    const crossSite = await fetchSite(SITE, "/dealer/sign-in", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" }, body: "email=x%40example.com" });
    expect(crossSite.status).toBe(403);
  });

  it("signed in, lists the dealership's leads with their delivery state; the session is no session on another site", async () => {
    const { body } = await sentTradeIn();
    const email = (body.values as { email: string }).email;
    const { cookie: session } = await signedInStaff(SITE, SITE, "salesperson");
    const page = await (await inbox(session)).text();
    expect(page).toContain(email);
    expect(page).toMatch(/email:dealership: (pending|delivered)/);
    const elsewhere = await inbox(session, "outback-trucks");
    expect(elsewhere.status).toBe(303);
  });
});

describe("the valuation speaks the site's word for what it sells", () => {
  it.each([
    ["harbour-city-motors", "car", "cars"],
    ["ridge-motorcycles", "motorcycle", "motorcycles"],
  ])("%s counts similar %ss and explains a missing estimate in its own word", async (site, noun, plural) => {
    const car = await comparableCar(site);
    const valued = (await (await postLead(site, tradeIn({ make: car.make, model: car.model, year: car.year, kms: 20_000 }))).json()) as Valued & { valuation: { noun?: string } };
    expect(valued.valuation).toMatchObject({ estimate: true, noun });
    const none = (await (await postLead(site, tradeIn({ make: "Nomake", model: "Nomodel", year: car.year, kms: 20_000 }))).json()) as Valued & { valuation: { message?: string } };
    expect(none.valuation.message).toBe(`We have no similar ${plural} in stock to compare yours with: our team will value it and call you.`);
  });
});
