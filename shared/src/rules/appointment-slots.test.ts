import { describe, expect, it } from "vitest";
import { appointmentSlots, BOOKING_CLOSED_MESSAGE, BOOKING_PAST_MESSAGE, bookingProblem, bookingWindowMessage } from "./appointment-slots";

const location = {
  id: 1,
  timezone: "Australia/Brisbane",
  contact_detail: {
    phone: "07 0000 0000",
    opening_hours: [
      { weekday: 1, status: "Open" as const, open: "09:00", close: "12:00", location_type: "sales" as const },
      { weekday: 2, status: "Open" as const, open: "09:00", close: "11:30", location_type: "sales" as const },
      { weekday: 3, status: "Closed" as const, location_type: "sales" as const },
      { weekday: 4, status: "Open" as const, open: "08:00", close: "17:00", location_type: "service" as const },
    ],
  },
  special_hours: [{ date: "2026-11-24", status: "Open" as const, start_hour: "10:00", end_hour: "12:00", location_id: 1 }],
};

describe("appointmentSlots", () => {
  // Monday 23 November 2026, 06:00 in Brisbane (UTC+10, no daylight saving).
  const now = new Date("2026-11-22T20:00:00Z");

  it("offers each slot that fits in the day's hours, a holiday overriding the weekday, in the location's offset", () => {
    const slots = appointmentSlots(location, { now, days: 3, slotMinutes: 60, taken: [] });
    expect(slots.map((slot) => slot.start)).toEqual([
      "2026-11-23T09:00:00+10:00",
      "2026-11-23T10:00:00+10:00",
      "2026-11-23T11:00:00+10:00",
      "2026-11-24T10:00:00+10:00",
      "2026-11-24T11:00:00+10:00",
    ]);
    expect(slots[0]?.label).toMatch(/Mon.*23 Nov.*9:00/);
  });

  it("skips taken times (any offset) and times within the hour", () => {
    const later = new Date("2026-11-22T23:30:00Z"); // 09:30 Monday local
    const slots = appointmentSlots(location, { now: later, days: 1, slotMinutes: 30, taken: ["2026-11-23T01:00:00Z"] });
    expect(slots.map((slot) => slot.start)).toEqual(["2026-11-23T10:30:00+10:00", "2026-11-23T11:30:00+10:00"]);
  });

  it("keeps daylight saving zones on their own offset", () => {
    const sydney = { ...location, timezone: "Australia/Sydney", special_hours: [] };
    const slots = appointmentSlots(sydney, { now, days: 1, slotMinutes: 60, taken: [] });
    expect(slots[0]?.start).toBe("2026-11-23T09:00:00+11:00");
  });
});

describe("bookingProblem", () => {
  const now = new Date("2026-11-22T20:00:00Z"); // Monday 06:00 in Brisbane
  const open = appointmentSlots(location, { now, days: 3, slotMinutes: 60, taken: [] });
  const at = (iso: string) => bookingProblem(new Date(iso), open, now, 3);

  it("takes one of the offered times, written in any offset", () => {
    expect(at("2026-11-23T09:00:00+10:00")).toBeNull();
    expect(at("2026-11-23T01:00:00Z")).toBeNull();
  });

  it("refuses the past, the next hour, past the window, closed days, holidays' closed hours, 3 am and off-grid times", () => {
    expect(at("2026-11-22T09:00:00+10:00")).toBe(BOOKING_PAST_MESSAGE);
    expect(at("2026-11-23T06:30:00+10:00")).toBe(BOOKING_PAST_MESSAGE);
    expect(at("2026-11-30T09:00:00+10:00")).toBe(bookingWindowMessage(3));
    expect(at("2026-11-25T10:00:00+10:00")).toBe(BOOKING_CLOSED_MESSAGE); // Wednesday: closed
    expect(at("2026-11-24T09:00:00+10:00")).toBe(BOOKING_CLOSED_MESSAGE); // the holiday opens at 10
    expect(at("2026-11-24T03:00:00+10:00")).toBe(BOOKING_CLOSED_MESSAGE);
    expect(at("2026-11-23T09:30:00+10:00")).toBe(BOOKING_CLOSED_MESSAGE);
  });
});
