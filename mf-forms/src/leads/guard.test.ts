import { describe, expect, it } from "vitest";
import { idempotencyKey, leadBodyFormat } from "./guard";

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
