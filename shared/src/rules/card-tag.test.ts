import { describe, expect, it } from "vitest";
import { cardTag, fuelTagLabel, isJustArrived, showCertifiedDialog } from "./card-tag";
import { makeCar, makeConfig } from "./test-fixtures";

const now = new Date("2025-06-10T00:00:00Z");
const config = makeConfig();
const old = "2025-01-01T00:00:00Z";

describe("card tag precedence", () => {
  it("fuel tag beats everything on an in-stock car (where enabled)", () => {
    const car = makeCar({ simple_fuel: "Electric", reserved: true, certified: true, tag: "Hot" });
    expect(cardTag(car, config, now)).toEqual({ kind: "fuel", label: "ELECTRIC" });
    expect(cardTag(car, makeConfig({ features: { fuelTags: false } }), now)).toEqual({ kind: "reserved", label: "RESERVED" });
  });

  it("then reserved, certified, custom tag, COMING SOON, just arrived, none", () => {
    expect(cardTag(makeCar({ certified: true, tag: "Hot", created_at: old }), config, now)).toEqual({
      kind: "certified",
      label: "Certified pre-owned",
    });
    expect(cardTag(makeCar({ tag: "Hot", status: "coming_soon", created_at: old }), config, now)).toEqual({ kind: "custom", label: "Hot" });
    expect(cardTag(makeCar({ status: "coming_soon", created_at: now.toISOString() }), config, now)).toEqual({ kind: "coming_soon", label: "COMING SOON" });
    expect(cardTag(makeCar({ created_at: "2025-06-03T00:00:00Z" }), config, now)).toEqual({ kind: "just_arrived", label: "Just Arrived" });
    expect(cardTag(makeCar({ created_at: old }), config, now)).toEqual({ kind: "none" });
  });

  it("a sold car shows 'JUST SOLD' or the configured sold label", () => {
    expect(cardTag(makeCar({ status: "sold", reserved: true }), config, now)).toEqual({ kind: "sold", label: "JUST SOLD" });
    expect(cardTag(makeCar({ status: "sold" }), makeConfig({ labels: { soldLabel: "SOLD" } }), now)).toEqual({ kind: "sold", label: "SOLD" });
  });

  it("just arrived: within 8 days by default, configurable days and label", () => {
    expect(isJustArrived("2025-06-02T00:00:00Z", now, 8)).toBe(true);
    expect(isJustArrived("2025-06-01T23:59:59Z", now, 8)).toBe(false);
    const custom = makeConfig({ labels: { justArrivedDays: 14, justArrivedLabel: "Just Arrived" } });
    expect(cardTag(makeCar({ created_at: "2025-05-30T00:00:00Z" }), custom, now)).toEqual({ kind: "just_arrived", label: "Just Arrived" });
  });

  it("fuel tag labels", () => {
    expect(fuelTagLabel("Plug-in Hybrid")).toBe("PHEV");
    expect(fuelTagLabel("Hybrid")).toBe("HYBRID");
    expect(fuelTagLabel("Electric")).toBe("ELECTRIC");
    expect(fuelTagLabel("Diesel")).toBeNull();
  });

  it("certified dialog only for that manufacturer, certified, not sold", () => {
    expect(showCertifiedDialog(makeCar({ certified: true }), "Toyota")).toBe(true);
    expect(showCertifiedDialog(makeCar({ certified: true, status: "sold" }), "Toyota")).toBe(false);
    expect(showCertifiedDialog(makeCar({ certified: false }), "Toyota")).toBe(false);
    expect(showCertifiedDialog(makeCar({ certified: true }), null)).toBe(false);
  });
});
