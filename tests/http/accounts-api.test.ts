import { describe, expect, it } from "vitest";
import { codeFromOutbox, newClient, newMobile, postJson, signIn } from "../support/accounts";
import { enquiry, postLead } from "../support/leads";
import { fetchSite } from "../support/platform";

const SITE = "harbour-city-motors";
const OTHER_SITE = "summit-auto-group";

const shellSession = async (response: Response) => {
  const html = await response.text();
  const state = /<script[^>]*id="shell-state"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return { html, session: JSON.parse(state ?? "{}").session as { userId: string | null; phone: string | null; watchlist?: number[] } };
};

async function carIdOf(site: string): Promise<number> {
  const html = await (await fetchSite(site, "/search")).text();
  const id = /"id":(\d+),"href":"\/cars\//.exec(html)?.[1];
  if (!id) throw new Error(`no car id on ${site}'s search page`);
  return Number(id);
}

describe("sign-in by phone", () => {
  it("sets a __Host- session cookie: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain", async () => {
    const { setCookie } = await signIn(SITE);
    const attributes = setCookie.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes[0]).toMatch(/^__host-session=/);
    expect(attributes).toEqual(expect.arrayContaining(["path=/", "secure", "httponly", "samesite=lax"]));
    expect(attributes.some((attribute) => attribute.startsWith("domain="))).toBe(false);
  });

  it("renders a signed-in page signed in on the server, and signs out", async () => {
    const { cookie, phone } = await signIn(SITE);
    const signedIn = await shellSession(await fetchSite(SITE, "/", { headers: { cookie } }));
    expect(signedIn.session.phone).toBe(`+61${phone.slice(1)}`);
    expect(signedIn.html).toContain(">My garage</a>");
    const out = await postJson(SITE, "/api/auth/sign-out", {}, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^__Host-session=; .*Max-Age=0/);
    const after = await shellSession(await fetchSite(SITE, "/", { headers: { cookie } }));
    expect(after.session.userId).toBeNull();
    expect(after.html).toContain(">Sign in</a>");
  });

  it("refuses a session cookie on another dealer's site", async () => {
    const { cookie } = await signIn(SITE);
    const elsewhere = await shellSession(await fetchSite(OTHER_SITE, "/", { headers: { cookie } }));
    expect(elsewhere.session.userId).toBeNull();
    const save = await postJson(OTHER_SITE, "/api/watchlist/save-car", { phone_number: "0400000000", car_id: await carIdOf(OTHER_SITE) }, { cookie });
    expect(save.status).toBe(401);
    expect(await save.json()).toMatchObject({ success: false, message: "Please sign in to save cars to your watchlist." });
    expect((await fetchSite(OTHER_SITE, "/my-garage", { headers: { cookie } })).status).toBe(302);
  });

  it("locks a number after 5 wrong codes: 429 with Retry-After, even for the right code and a new code", async () => {
    const phone = newMobile();
    const client = newClient();
    expect((await postJson(SITE, "/api/auth/request-code", { phone }, client)).status).toBe(200);
    const code = await codeFromOutbox(SITE, phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await postJson(SITE, "/api/auth/verify", { phone, code: wrong }, client);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain(`${5 - attempt} ${5 - attempt === 1 ? "try" : "tries"} left`);
    }
    const fifth = await postJson(SITE, "/api/auth/verify", { phone, code: wrong }, client);
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get("retry-after"))).toBeGreaterThan(500);
    const right = await postJson(SITE, "/api/auth/verify", { phone, code }, client);
    expect(right.status).toBe(429);
    expect(right.headers.get("set-cookie")).toBeNull();
    const again = await postJson(SITE, "/api/auth/request-code", { phone }, newClient());
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits codes per number and per client (429 with Retry-After)", async () => {
    const phone = newMobile();
    for (let i = 0; i < 5; i++) expect((await postJson(SITE, "/api/auth/request-code", { phone }, newClient())).status).toBe(200);
    const sixth = await postJson(SITE, "/api/auth/request-code", { phone }, newClient());
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);

    const client = newClient();
    for (let i = 0; i < 10; i++) expect((await postJson(SITE, "/api/auth/request-code", { phone: newMobile() }, client)).status).toBe(200);
    const eleventh = await postJson(SITE, "/api/auth/request-code", { phone: newMobile() }, client);
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a code works once, only for its number, and a new code cancels the old one", async () => {
    const phone = newMobile();
    const client = newClient();
    await postJson(SITE, "/api/auth/request-code", { phone }, client);
    const first = await codeFromOutbox(SITE, phone);
    await postJson(SITE, "/api/auth/request-code", { phone }, client);
    const second = await codeFromOutbox(SITE, phone);
    if (first !== second) expect((await postJson(SITE, "/api/auth/verify", { phone, code: first }, client)).status).toBe(400);
    expect((await postJson(SITE, "/api/auth/verify", { phone: newMobile(), code: second }, client)).status).toBe(400);
    expect((await postJson(SITE, "/api/auth/verify", { phone, code: second }, client)).status).toBe(200);
    expect((await postJson(SITE, "/api/auth/verify", { phone, code: second }, client)).status).toBe(400);
  });

  it("works as plain form posts: 303 to the code step, then on to the redirect with the cookie (never off-site)", async () => {
    const phone = newMobile();
    const form = { "content-type": "application/x-www-form-urlencoded", ...newClient() };
    const asked = await fetchSite(SITE, "/api/auth/request-code", { method: "POST", headers: form, body: new URLSearchParams({ phone, type: "watchlist", redirect: "/search", back: "/search" }).toString() });
    expect(asked.status).toBe(303);
    const next = new URL(asked.headers.get("location") ?? "", "http://x");
    expect(next.pathname).toBe("/sign-in");
    expect(Object.fromEntries(next.searchParams)).toMatchObject({ step: "code", type: "watchlist", redirect: "/search", back: "/search" });
    const page = await (await fetchSite(SITE, `${next.pathname}${next.search}`)).text();
    expect(page).toContain('action="/api/auth/verify"');

    const wrong = await fetchSite(SITE, "/api/auth/verify", { method: "POST", headers: form, body: new URLSearchParams({ phone, code: "12345x" }).toString() });
    expect(wrong.status).toBe(303);
    const errorPage = await (await fetchSite(SITE, wrong.headers.get("location") ?? "")).text();
    expect(errorPage).toContain("Please enter the 6-digit code we sent you.");

    const code = await codeFromOutbox(SITE, phone);
    const verified = await fetchSite(SITE, "/api/auth/verify", { method: "POST", headers: form, body: new URLSearchParams({ phone, code, redirect: "//evil.example/" }).toString() });
    expect(verified.status).toBe(303);
    expect(verified.headers.get("location")).toBe("/");
    expect(verified.headers.get("set-cookie")).toMatch(/^__Host-session=/);
  });

  it("refuses cross-site posts and other body types", async () => {
    expect((await postJson(SITE, "/api/auth/request-code", { phone: newMobile() }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await postJson(SITE, "/api/auth/request-code", { phone: newMobile() }, { origin: `http://${OTHER_SITE}.localhost` })).status).toBe(403);
    expect((await fetchSite(SITE, "/api/auth/verify", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" })).status).toBe(415);
    expect((await postJson(SITE, "/api/auth/request-code", { phone: "07 3123 4567" }, newClient())).status).toBe(400);
  });
});

describe("gated pages", () => {
  it("sends an anonymous shopper to sign-in with type, redirect and back; lets a signed-in one in", async () => {
    for (const [path, type] of [
      ["/my-garage", "garage"],
      ["/toyota-garage", "garage"],
      ["/watchlist", "watchlist"],
      ["/spin-to-win", "spin-to-win"],
    ] as const) {
      const response = await fetchSite(SITE, path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(`/sign-in?type=${type}&redirect=${encodeURIComponent(path)}&back=${encodeURIComponent(path)}`);
    }
    const { cookie } = await signIn(SITE);
    const garage = await fetchSite(SITE, "/my-garage", { headers: { cookie } });
    expect(garage.status).toBe(200);
    expect(await garage.text()).toContain("My garage</h1>");
    // Signed in, the sign-in page sends the shopper on.
    const signInPage = await fetchSite(SITE, "/sign-in?type=garage&redirect=%2Fmy-garage&back=%2F", { headers: { cookie } });
    expect(signInPage.status).toBe(302);
    expect(signInPage.headers.get("location")).toBe("/my-garage");
  });

  it("gates a car's checkout on the dealer configured so (not on others); a signed-in shopper reaches it", async () => {
    const GATED = "ridge-motorcycles";
    const search = await (await fetchSite(GATED, "/search")).text();
    const car = /href="(\/cars\/[a-z0-9-]+)"/.exec(search)?.[1] ?? "";
    for (const path of [`${car}/checkout`, `${car}/buy-online`]) {
      const response = await fetchSite(GATED, path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(`/sign-in?type=checkout&redirect=${encodeURIComponent(path)}&back=${encodeURIComponent(path)}`);
    }
    // Checkout without a car slug in the path does not redirect.
    expect((await fetchSite(GATED, `/checkout-journey?car_id=${car.slice("/cars/".length)}`)).status).not.toBe(302);
    const { cookie } = await signIn(GATED);
    expect((await fetchSite(GATED, `${car}/checkout`, { headers: { cookie } })).status).toBe(200);
    expect((await fetchSite(SITE, `${/href="(\/cars\/[a-z0-9-]+)"/.exec(await (await fetchSite(SITE, "/search")).text())?.[1]}/checkout`)).status).toBe(200);
  });

  it("does not gate checkout without a car slug, nor pages that are not gated", async () => {
    for (const path of ["/checkout", "/search", "/trade-in"]) expect((await fetchSite(SITE, path)).status, path).not.toBe(302);
  });
});

describe("watchlist API", () => {
  it("saves and removes a car for the signed-in number only; the watchlist page lists it with its price", async () => {
    const { cookie, phone } = await signIn(SITE);
    const carId = await carIdOf(SITE);
    const save = await postJson(SITE, "/api/watchlist/save-car", { phone_number: phone, car_id: carId }, { cookie });
    expect(save.status).toBe(200);
    expect(await save.json()).toMatchObject({ success: true });
    const page = await shellSession(await fetchSite(SITE, "/watchlist", { headers: { cookie } }));
    expect(page.session.watchlist).toEqual([carId]);
    expect(page.html).toMatch(/class="garage__price">\$[\d,]+|class="garage__price">[A-Za-z]/);
    expect((await postJson(SITE, "/api/watchlist/save-car", { phone_number: "0411 111 111", car_id: carId }, { cookie })).status).toBe(403);
    expect((await postJson(SITE, "/api/watchlist/save-car", { phone_number: phone, car_id: await carIdOf(OTHER_SITE) }, { cookie })).status).toBe(404);
    expect((await postJson(SITE, "/api/watchlist/save-car", { phone_number: phone, car_id: "1" }, { cookie })).status).toBe(400);
    expect((await postJson(SITE, "/api/watchlist/save-car", { phone_number: phone, car_id: carId })).status).toBe(401);
    const remove = await postJson(SITE, "/api/watchlist/remove-car", { phone_number: phone, car_id: carId }, { cookie });
    expect(await remove.json()).toMatchObject({ success: true });
    expect((await shellSession(await fetchSite(SITE, "/", { headers: { cookie } }))).session.watchlist).toEqual([]);
  });

  it("My garage lists saved searches and the shopper's enquiries on this site", async () => {
    const { cookie, phone } = await signIn(SITE);
    const saved = await fetchSite(SITE, "/api/saved-searches", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ query: "query=ranger&refinementList[make][0]=Ford" }).toString(),
    });
    expect(saved.status).toBe(303);
    const garage = await (await fetchSite(SITE, "/my-garage", { headers: { cookie } })).text();
    expect(garage).toContain("&quot;ranger&quot;, Ford");
    // A lead sent with the number as the shopper typed it (spaces) is one of their enquiries; another number's is not.
    const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    expect((await postLead(SITE, enquiry({}, { phone: spaced, category: "General Enquiry" }))).status).toBe(201);
    const withEnquiry = await (await fetchSite(SITE, "/my-garage", { headers: { cookie } })).text();
    expect(withEnquiry).toMatch(/<li>[^<]*: Enquiry/);
    const other = await signIn(SITE);
    expect(await (await fetchSite(SITE, "/my-garage", { headers: { cookie: other.cookie } })).text()).toContain("No enquiries from");
  });
});
