import { randomUUID } from "node:crypto";
import { BOOKING_CLOSED_MESSAGE, BOOKING_PAST_MESSAGE, bookingWindowMessage } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { enquiry, postLead } from "../support/leads";
import { fetchSite } from "../support/platform";

const SITE = "metro-certified";
type Slot = { start: string; label: string };

async function slots(query = "", site = SITE): Promise<{ location: { id: number }; slots: Slot[] }> {
  const response = await fetchSite(site, `/api/leads/slots${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { location: { id: number }; slots: Slot[] };
}

describe("test-drive booking slots", () => {
  it("offers times within opening hours in the location's offset, and a booked time is taken", async () => {
    const { location, slots: offered } = await slots();
    expect(offered.length).toBeGreaterThan(0);
    for (const slot of offered.slice(0, 5)) expect(slot.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+1[01]:00$/);
    // Take a later slot so runs on the same day do not collide.
    const chosen = offered[Math.floor(Math.random() * offered.length)] as Slot;

    const book = (key: string) => postLead(SITE, enquiry({ kind: "test_drive", form: "test_drive", booking: chosen.start }, { category: "Test Drive", message: "", location: String(location.id) }), { "idempotency-key": key });
    const first = await book(randomUUID());
    const firstBody = await first.json();
    // Another shopper may have booked it in an earlier run: then the API says so, which is the rule too.
    if (first.status === 409) {
      expect(firstBody).toMatchObject({ fieldErrors: { booking: ["Sorry, that time has just been booked. Please choose another time."] } });
      return;
    }
    expect(first.status, JSON.stringify(firstBody)).toBe(201);
    expect((await slots(`?location=${location.id}`)).slots.map((slot) => slot.start)).not.toContain(chosen.start);
    const second = await book(randomUUID());
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      message: "Sorry, that time has just been booked. Please choose another time.",
      fieldErrors: { booking: ["Sorry, that time has just been booked. Please choose another time."] },
    });
  });

  it.each([SITE, "harbour-city-motors"])("%s takes a booking only at an offered time: never in the past, at 3 am, off the grid or past the window", async (site) => {
    const { location, slots: offered } = await slots("", site);
    const first = offered[0] as Slot;
    const shifted = (minutes: number) => new Date(new Date(first.start).getTime() + minutes * 60_000).toISOString();
    // 3 am on the last offered day: in the future and the window, never open.
    const last = offered.at(-1) as Slot;
    const local = last.start.slice(0, 10);
    const offset = last.start.slice(-6);
    const cases: [string, string][] = [
      [shifted(-7 * 24 * 60), BOOKING_PAST_MESSAGE],
      [new Date(Date.now() + 10 * 60_000).toISOString(), BOOKING_PAST_MESSAGE],
      [`${local}T03:00:00${offset}`, BOOKING_CLOSED_MESSAGE],
      [shifted(7), BOOKING_CLOSED_MESSAGE],
      [shifted(30 * 24 * 60), bookingWindowMessage(14)],
    ];
    for (const [booking, message] of cases) {
      const answer = await postLead(site, enquiry({ kind: "test_drive", form: "test_drive", booking }, { category: "Test Drive", message: "", location: String(location.id) }));
      expect(answer.status, booking).toBe(400);
      expect(await answer.json(), booking).toMatchObject({ fieldErrors: { booking: [message] } });
    }
  });

  it("an unknown location is a 404, a bad one a 400", async () => {
    expect((await fetchSite(SITE, "/api/leads/slots?location=999999")).status).toBe(404);
    expect((await fetchSite(SITE, "/api/leads/slots?location=x")).status).toBe(400);
  });
});
