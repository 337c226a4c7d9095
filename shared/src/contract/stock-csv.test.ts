import { describe, expect, it } from "vitest";
import { stockCsvMappingSchema } from "../config/stock-csv-mapping";
import { csvRowTexts, csvToRecords } from "./stock-csv";

const mapping = stockCsvMappingSchema.parse({
  delimiter: ";",
  columns: { "Stock No": "stocknum", Price: "price", Certified: "certified", Kind: "car_type", Odd: "constructor" },
  photos: { column: "Pics", separator: "|" },
  values: { car_type: { USED: "used" } },
});

describe("a DMS export read with its mapping", () => {
  it("maps columns, words, money, yes/no and a column of photo URLs, and lists the columns it did not read", () => {
    const csv = '\uFEFFStock No;Price;Certified;Kind;Notes;Pics;Odd;year\r\nA1;"$31,990";Yes;used;x;http://a/1.jpg | http://a/2.jpg|;1;2022\r\n';
    const { records, ignoredColumns } = csvToRecords(csv, mapping);
    expect(records).toEqual([{ stocknum: "A1", price: 31990, certified: true, car_type: "used", images: ["http://a/1.jpg", "http://a/2.jpg"], constructor: 1, year: 2022 }]);
    expect(Object.getPrototypeOf(records[0])).toBe(Object.prototype);
    expect(ignoredColumns).toEqual(["Notes"]);
  });

  it("splits a file into its rows' own text whatever the delimiter, a quoted newline kept in its row", () => {
    expect(csvRowTexts('a;b\r\n"x\ny";2\n\n3;4')).toEqual(["a;b", '"x\ny";2', "3;4"]);
  });

  it("refuses a mapping past its limits or with a delimiter it does not know", () => {
    const columns = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`c${i}`, "stocknum"]));
    expect(stockCsvMappingSchema.safeParse({ delimiter: "x", columns, photos: null, values: {} }).error?.issues.map((issue) => issue.path.join("."))).toEqual(["delimiter", "columns"]);
  });
});
