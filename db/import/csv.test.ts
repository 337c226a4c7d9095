import { carSchema, csvToRecords, parseCsv } from "@dealer/shared/contract";
import { describe, expect, it } from "vitest";
import { generateDemoData } from "../demo/generate";

describe("parseCsv", () => {
  it("reads quoted cells with commas, quotes and newlines", () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n')).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"\nthere'],
    ]);
  });
});

describe("csvToRecords", () => {
  it("round-trips a demo vehicle with nested fields as JSON cells (null fields as empty cells)", () => {
    const car = generateDemoData({ today: "2026-05-10" }).vehicles[7] as Record<string, unknown>;
    const fields = Object.keys(car).filter((k) => car[k] !== null && car[k] !== undefined);
    const cell = (value: unknown) => {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return `"${text.replaceAll('"', '""')}"`;
    };
    const csv = `${fields.join(",")}\n${fields.map((f) => cell(car[f])).join(",")}\n`;
    const [record] = csvToRecords(csv).records;
    const withoutNulls = Object.fromEntries(fields.map((f) => [f, car[f]]));
    expect(carSchema.parse(record)).toEqual(carSchema.parse(withoutNulls));
  });

  it("keeps numeric-looking text fields as text and leaves empty cells out", () => {
    const [record] = csvToRecords("stocknum,year,price,certified,badge\n12345,2021,,true,\n").records;
    expect(record).toEqual({ stocknum: "12345", year: 2021, certified: true });
  });
});
