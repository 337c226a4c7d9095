import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CROSS_SITE_MESSAGE, isStockPhotoPath, refusedAsCrossSite, requestSite, sameSiteOnly } from "./same-site";

const HOST = "harbour-city-motors.localhost:8787";
const headers = (init: Record<string, string>) => new Headers({ host: HOST, ...init });

describe("requestSite", () => {
  it("knows the site's own pages, with or without a trailing dot, port or capitals", () => {
    expect(requestSite(headers({ origin: "http://harbour-city-motors.localhost:8787" }))).toBe("same-site");
    expect(requestSite(headers({ origin: "http://Harbour-City-Motors.localhost.:8787" }))).toBe("same-site");
    expect(requestSite(headers({ "sec-fetch-site": "same-origin" }))).toBe("same-site");
  });

  it("calls another site, another tenant, Origin null and cross-site fetch metadata cross-site", () => {
    for (const origin of ["https://evil.example", "http://summit-auto-group.localhost:8787", "http://localhost:8787", "null", "not a url"]) {
      expect(requestSite(headers({ origin })), origin).toBe("cross-site");
    }
    for (const fetchSite of ["cross-site", "same-site", "none"]) expect(requestSite(headers({ "sec-fetch-site": fetchSite })), fetchSite).toBe("cross-site");
    // Origin decides when both are sent.
    expect(requestSite(headers({ origin: "https://evil.example", "sec-fetch-site": "same-origin" }))).toBe("cross-site");
  });

  it("is unknown when the request says nothing", () => {
    expect(requestSite(headers({}))).toBe("unknown");
  });
});

describe("refusedAsCrossSite", () => {
  const request = (method: string, init: Record<string, string>) => ({ method, headers: headers(init) });

  it("refuses a state-changing request that is not provably the site's own, neither header included", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(refusedAsCrossSite(request(method, {})), method).toBe(true);
      expect(refusedAsCrossSite(request(method, { origin: "https://evil.example" })), method).toBe(true);
      expect(refusedAsCrossSite(request(method, { origin: `http://${HOST}` })), method).toBe(false);
    }
  });

  it("lets reads and key-authenticated requests through", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(refusedAsCrossSite(request(method, { origin: "https://evil.example" })), method).toBe(false);
    expect(refusedAsCrossSite(request("POST", { authorization: "Bearer dk_abc" }))).toBe(false);
    expect(refusedAsCrossSite(request("POST", { authorization: "Basic dXNlcjpwYXNz" }))).toBe(true);
    expect(refusedAsCrossSite(request("POST", { authorization: "Bearer " }))).toBe(true);
  });
});

describe("sameSiteOnly", () => {
  const app = new Hono();
  app.use(sameSiteOnly((path) => path.startsWith("/api/stock/")));
  app.all("*", (c) => c.text("ok"));
  const call = (path: string, init: Record<string, string>) => app.request(path, { method: "POST", headers: headers(init) });

  it("answers 403, JSON for the APIs and text for the pages' form posts", async () => {
    const api = await call("/api/leads", {});
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ message: CROSS_SITE_MESSAGE });
    const page = await call("/dealer/staff", { origin: "https://evil.example" });
    expect(page.status).toBe(403);
    expect(await page.text()).toBe(CROSS_SITE_MESSAGE);
  });

  it("passes the site's own requests and the exempt paths", async () => {
    expect((await call("/api/leads", { origin: `http://${HOST}` })).status).toBe(200);
    expect((await call("/api/stock/vehicles/batch", {})).status).toBe(200);
  });
});

describe("isStockPhotoPath", () => {
  it("names a car's photo routes and no other stock route", () => {
    for (const path of ["/api/stock/vehicles/HCM1/photos", "/api/stock/vehicles/HCM1/photos/order", "/api/stock/vehicles/HCM1/photos/3", "/api/stock/vehicles/HCM1/interior"]) expect(isStockPhotoPath(path), path).toBe(true);
    for (const path of ["/api/stock/vehicles/batch", "/api/stock/vehicles", "/api/stock/vehicles/HCM1/photosx", "/api/stock/batches/1", "/api/stock/vehicles/HCM1/interiors", "/api/stock/vehicles/HCM1/spin"]) expect(isStockPhotoPath(path), path).toBe(false);
  });
});
