import { describe, expect, it } from "vitest";
import { formatMoney, formatMoneyCents, formatNumber, formatRate } from "./money";

describe("money formatting", () => {
  it("formats whole dollars and cents in AUD", () => {
    expect(formatMoney(27990)).toBe("$27,990");
    expect(formatNumber(1234567)).toBe((1234567).toLocaleString("en-AU"));
    expect(formatNumber(12)).toBe("12");
    expect(formatMoney(200)).toBe("$200");
    expect(formatMoneyCents(1360.5)).toBe("$1,360.50");
  });
  it("rates show as percentages, or '-' when missing", () => {
    expect(formatRate(6.29)).toBe("6.29%");
    expect(formatRate(8.19)).toBe("8.19%");
    expect(formatRate(null)).toBe("-");
    expect(formatRate(undefined)).toBe("-");
  });
});

describe("money formatting without Intl (ADR 0097)", () => {
  const intl = {
    money: new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 }),
    cents: new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    number: new Intl.NumberFormat("en-AU"),
  };
  const same = (value: number) => {
    expect(formatMoney(value), `formatMoney(${value})`).toBe(intl.money.format(value));
    expect(formatMoneyCents(value), `formatMoneyCents(${value})`).toBe(intl.cents.format(value));
    expect(formatNumber(value), `formatNumber(${value})`).toBe(intl.number.format(value));
  };

  it("writes what Intl writes for edge values, ties and the values only Intl answers", () => {
    const values = [0, -0, 0.5, 1.5, 2.5, 1.005, 1.015, 2.675, 0.0005, 0.0015, 1.9996, 999.995, 999_999.5, 0.1 + 0.2, 1e-7, 123e-20, 1e20, 1e21, 2 ** 53, Number.MAX_VALUE, Number.MIN_VALUE];
    for (const value of [...values, ...values.map((v) => -v), Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0.4, -0.5]) same(value);
  });

  it("writes what Intl writes for prices, repayments and kilometres (seeded pseudo-random)", () => {
    let seed = 35;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 20_000; i++) {
      same(Math.round(next() * 200_000));
      same(next() * 10 ** Math.floor(next() * 9));
      // Repayments as the finance rules compute them: a division that lands near a half cent.
      same(Math.round(next() * 1e6) / 1000 + 0.005);
    }
  });
});
