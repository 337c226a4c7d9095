import { describe, expect, it } from "vitest";
import { formatMoneyText, parseMoneyText, quickPickAmounts } from "./money-input";

describe("money input", () => {
  it("reads pasted and typed money; bad input is 0, never NaN", () => {
    expect(parseMoneyText("$1,000,000.00")).toBe(1_000_000);
    expect(parseMoneyText("27 990")).toBe(27990);
    expect(parseMoneyText("120,000 kms")).toBe(120000);
    for (const bad of ["abc", "", "-500", "$", "1e400", "NaN"]) expect(parseMoneyText(bad)).toBe(0);
    expect(parseMoneyText("1e308")).toBe(1e308);
  });

  it("shows thousand separators while typing and leaves an empty field empty", () => {
    expect(formatMoneyText("27990")).toBe("27,990");
    expect(formatMoneyText("$1,2345")).toBe("12,345");
    expect(formatMoneyText("")).toBe("");
    expect(formatMoneyText("x")).toBe("0");
  });

  it("offers quick picks from the dealer's min to max", () => {
    expect(quickPickAmounts(5000, 70000)).toEqual([5000, 18000, 31000, 44000, 57000, 70000]);
    expect(quickPickAmounts(300000, 800000)).toEqual([300000, 400000, 500000, 600000, 700000, 800000]);
    expect(quickPickAmounts(5000, 5000)).toEqual([]);
  });
});
