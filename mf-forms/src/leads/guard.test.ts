import { describe, expect, it } from "vitest";
import { idempotencyKey, isCrossSite, leadBodyFormat } from "./guard";

const headers = (init: Record<string, string>) => new Headers({ host: "harbour-city-motors.localhost:8787", ...init });

describe("isCrossSite", () => {
  it("accepts the site's own pages, with or without a trailing dot or port, and non-browser clients", () => {
    expect(isCrossSite(headers({ origin: "http://harbour-city-motors.localhost:8787" }))).toBe(false);
    expect(isCrossSite(headers({ origin: "http://Harbour-City-Motors.localhost.:8787" }))).toBe(false);
    expect(isCrossSite(headers({ "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSite(headers({}))).toBe(false);
  });

  it("refuses another site, another tenant, Origin null and cross-site fetch metadata", () => {
    expect(isCrossSite(headers({ origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSite(headers({ origin: "http://summit-auto-group.localhost:8787" }))).toBe(true);
    expect(isCrossSite(headers({ origin: "null" }))).toBe(true);
    expect(isCrossSite(headers({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSite(headers({ "sec-fetch-site": "same-site" }))).toBe(true);
  });
});

describe("leadBodyFormat", () => {
  it("reads JSON and plain form posts only", () => {
    expect(leadBodyFormat("application/json; charset=utf-8")).toBe("json");
    expect(leadBodyFormat("application/x-www-form-urlencoded")).toBe("form");
    for (const type of ["text/plain", "multipart/form-data; boundary=x", undefined, ""]) expect(leadBodyFormat(type)).toBeNull();
  });
});

describe("idempotencyKey", () => {
  it("is optional, and when sent must be short visible ASCII", () => {
    expect(idempotencyKey(new Headers())).toEqual({ ok: true, key: null });
    expect(idempotencyKey(new Headers({ "idempotency-key": "3f1c-uuid" }))).toEqual({ ok: true, key: "3f1c-uuid" });
    expect(idempotencyKey(new Headers({ "idempotency-key": "x".repeat(201) }))).toEqual({ ok: false });
    expect(idempotencyKey(new Headers({ "idempotency-key": "has space" }))).toEqual({ ok: false });
  });
});
