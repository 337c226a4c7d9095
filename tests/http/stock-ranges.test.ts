import { CAR_LIMITS } from "@dealer/shared/contract";
import { describe, expect, it } from "vitest";
import { stockApi } from "../support/stock-api";

/** Issue 33: a feed's impossible figures are refused by field, and the car keeps what it had. */
const SITES = [
  ["ridge-motorcycles", "write-ridge-motorcycles"],
  ["outback-trucks", "write-outback-trucks"],
] as const;

describe("the stock feed's ranges", () => {
  it.each(SITES)("%s: a negative or absurd price, odometer, seat or door count is a 400 naming each field", async (site, key) => {
    const listed = await stockApi(site, key, "/vehicles");
    expect(listed.status).toBe(200);
    const car = ((await listed.json()) as { vehicles: Record<string, unknown>[] }).vehicles[0] as Record<string, unknown>;
    const bad = { ...car, price: -1, before_price: CAR_LIMITS.price + 1, km: -1, seats: -2, doors: 11 };
    const answer = await stockApi(site, key, "/vehicles/batch", { upsert: [bad], delete: [] });
    expect(answer.status).toBe(400);
    const { rejected } = (await answer.json()) as { rejected: { errors: Record<string, string[]> }[] };
    expect(rejected[0]?.errors).toMatchObject({
      price: ["A price cannot be negative."],
      before_price: ["A price is at most 10,000,000."],
      km: ["An odometer reading cannot be negative."],
      seats: ["Seats cannot be negative."],
      doors: ["Doors is at most 10."],
    });
    const after = (await (await stockApi(site, key, `/vehicles?stocknum=${encodeURIComponent(String(car.stocknum))}`)).json()) as { vehicles: Record<string, unknown>[] };
    expect(after.vehicles[0]).toMatchObject({ price: car.price, km: car.km });
  });
});
