import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
import { insertSite } from "../../../db/test-support/fragment-request";
import { createReservation, markPaid, releaseDueHolds } from "./store";

let db: D1Database;
let dispose: () => Promise<void>;
const customer = { name: "Jo", email: "jo@example.com", phone: "0412 345 678", postcode: "4000", opt_in: false, terms_conditions: true };
const input = (over: Partial<Parameters<typeof createReservation>[1]> = {}) => ({
  site: "harbour-city-motors",
  carId: 7,
  dealershipId: 1,
  amountCents: 20000,
  customer,
  processor: "test",
  processorAccount: "test",
  idempotencyKey: null,
  requestHash: "h",
  now: new Date("2026-01-01T00:00:00Z"),
  ...over,
});

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertSite(db, "harbour-city-motors");
});
afterAll(() => dispose());

describe("reservation holds", () => {
  it("of many reservations racing for one car exactly one holds it", async () => {
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => createReservation(db, input())));
    expect(outcomes.filter((outcome) => outcome.created)).toHaveLength(1);
    expect(outcomes.filter((outcome) => "taken" in outcome)).toHaveLength(4);
  });

  it("a retried submit with its key is the same reservation; with other details it is flagged", async () => {
    const first = await createReservation(db, input({ carId: 8, idempotencyKey: "k1" }));
    const again = await createReservation(db, input({ carId: 8, idempotencyKey: "k1" }));
    const other = await createReservation(db, input({ carId: 8, idempotencyKey: "k1", requestHash: "other" }));
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, sameRequest: true });
    expect(other).toMatchObject({ created: false, sameRequest: false });
  });

  it("an unpaid hold lapses after 30 minutes, a paid one after 48 hours; paying twice pays once", async () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const unpaid = await createReservation(db, input({ carId: 9, now: start }));
    // A new shopper after the payment window takes the car from the lapsed hold.
    const later = await createReservation(db, input({ carId: 9, now: new Date(start.getTime() + 31 * 60_000) }));
    expect(unpaid.created && later.created).toBe(true);
    if (!later.created) return;
    const paidAt = new Date(start.getTime() + 32 * 60_000);
    expect((await markPaid(db, later.reservation.token, paidAt))?.state).toBe("paid");
    expect(await markPaid(db, later.reservation.token, paidAt)).toBeNull();
    expect(await releaseDueHolds(db, new Date(paidAt.getTime() + 47 * 3_600_000), "harbour-city-motors")).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ car_id: 9 })]),
    );
    const released = await releaseDueHolds(db, new Date(paidAt.getTime() + 48 * 3_600_000), "harbour-city-motors");
    expect(released).toContainEqual({ site: "harbour-city-motors", car_id: 9, state: "released" });
  });
});
