import { describe, expect, it } from "vitest";
import { fuelCost, isFuelCalculatorHidden, parseFuelInput } from "./fuel-cost";

describe("fuel cost calculator", () => {
  it("defaults: 1.70 $/L, 250 km a week, 10 L/100km", () => {
    expect(fuelCost({}).weekly).toBeCloseTo(42.5, 9);
    expect(fuelCost({ litresPer100km: 6.5 }).weekly).toBeCloseTo(27.625, 9);
    expect(fuelCost({}).yearly).toBeCloseTo(2210, 9);
  });
  it("inputs stripped of '$', ',' and 'kms'", () => {
    expect(parseFuelInput("$1.95")).toBe(1.95);
    expect(parseFuelInput("1,200 kms")).toBe(1200);
    expect(parseFuelInput("abc")).toBeNull();
  });
  it("hidden for electric", () => {
    expect(isFuelCalculatorHidden("Electric")).toBe(true);
    expect(isFuelCalculatorHidden("Petrol")).toBe(false);
  });
});
