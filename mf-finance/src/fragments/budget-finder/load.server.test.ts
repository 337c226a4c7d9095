import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../../db/test-support/d1";
import { testFragmentRequest } from "../../../../db/test-support/fragment-request";
import type { Env } from "../../env";
import { insertCars } from "../../test-cars";
import { loadBudgetFinder } from "./load.server";

const SITE = "harbour-city-motors";
let db: D1Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertCars(db, [
    { id: 1, slug: "a", stocknum: "S1", price: 20000, simple_body: "SUV" },
    { id: 2, slug: "b", stocknum: "S2", price: 45000, simple_body: "SUV" },
    { id: 3, slug: "c", stocknum: "S3", price: 900, simple_body: "SUV" },
    { id: 4, slug: "d", stocknum: "S4", price: 30000, simple_body: "Sedan" },
    { id: 5, slug: "e", stocknum: "S5", price: 10000, simple_body: "Sedan", status: "sold" },
    { id: 6, slug: "f", stocknum: "S6", price: 15000, simple_body: "Hatch", show_on_dealer_website: false },
    { id: 7, slug: "g", stocknum: "S7", price: 15000, simple_body: "Ute", site: "other-site", dealership_id: 2 },
  ]);
});
afterAll(() => dispose());

describe("loadBudgetFinder", () => {
  it("counts the tenant's in-stock, shown stock priced over 1000 by body, with its price range", async () => {
    const props = await loadBudgetFinder(testFragmentRequest(SITE, {}, { labels: { budgetEmptyWording: "zeroFound" } }), { DB: db } as Env);
    expect(props.bodies.sort((a, b) => a.body.localeCompare(b.body))).toEqual([
      { body: "Sedan", count: 1, min: 30000, max: 30000 },
      { body: "SUV", count: 2, min: 20000, max: 45000 },
    ]);
    expect(props).toMatchObject({ vehicleNoun: "Car", wording: "zeroFound", budget: { defaultRepaymentWeekly: 200 } });
  });
});
