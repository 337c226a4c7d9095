import { describe, expect, it } from "vitest";
import { conformanceCars } from "./fixtures/conformance-vehicles";
import { toSearchRecord } from "./search-record";

describe("toSearchRecord", () => {
  it("adds objectID, make_model, timestamps, site and the custom rank", () => {
    const record = toSearchRecord(conformanceCars[3]!);
    expect(record).toMatchObject({
      objectID: "4",
      make_model: "Mazda CX-5",
      body: "SUV",
      price: 29990,
      km: 60000,
      year: 2020,
      site: "harbour-city-motors",
      created_at_timestamp: Date.parse("2024-03-01T00:00:00Z") / 1000,
      sold_date_timestamp: Date.parse("2024-08-01T00:00:00Z") / 1000,
    });
  });

  it("ranks available stock above coming soon above sold, newest first within a tier", () => {
    const [inStockOld, inStockNew, comingSoon, sold] = [conformanceCars[8]!, conformanceCars[5]!, conformanceCars[6]!, conformanceCars[3]!].map(
      (car) => toSearchRecord(car).custom_rank,
    );
    expect(inStockNew).toBeGreaterThan(inStockOld!);
    expect(inStockOld).toBeGreaterThan(comingSoon!);
    expect(comingSoon).toBeGreaterThan(sold!);
  });
});
