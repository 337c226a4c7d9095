import { afterEach, describe, expect, it, vi } from "vitest";
import { appointmentSlots } from "./appointment-slots";
import { dateTimeFormat, KEPT_FORMATS } from "./kept-formats";

/** Counts the DateTimeFormats built while `run` runs. */
function formatsBuilt(run: () => void): number {
  const spy = vi.spyOn(Intl, "DateTimeFormat");
  run();
  const built = spy.mock.calls.length;
  spy.mockRestore();
  return built;
}

afterEach(() => vi.restoreAllMocks());

describe("dateTimeFormat", () => {
  it("builds a formatter once per locale and options", () => {
    const options = { timeZone: "Australia/Perth", day: "numeric", month: "long" } as const;
    const first = dateTimeFormat("en-AU", options);
    expect(dateTimeFormat("en-AU", { ...options })).toBe(first);
    expect(dateTimeFormat("en-AU", { ...options, timeZone: "Australia/Darwin" })).not.toBe(first);
    expect(first.format(Date.parse("2026-05-02T00:00:00Z"))).toBe("2 May");
  });

  it("keeps at most KEPT_FORMATS, whatever time zones a tenant's locations name", () => {
    const [first, ...others] = Intl.supportedValuesOf("timeZone").slice(0, KEPT_FORMATS + 1);
    const kept = dateTimeFormat("en-AU", { timeZone: first, hour: "numeric" });
    for (const timeZone of others) dateTimeFormat("en-AU", { timeZone, hour: "numeric" });
    expect(dateTimeFormat("en-AU", { timeZone: first, hour: "numeric" })).not.toBe(kept);
  });

  it("lets a booking form's two weeks of times build no formatter once its location's were built", () => {
    const location = {
      id: 1,
      timezone: "Australia/Adelaide",
      contact_detail: { phone: "08 0000 0000", opening_hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "Open" as const, open: "08:00", close: "17:00", location_type: "sales" as const })) },
      special_hours: [],
    };
    const slots = () => appointmentSlots(location, { now: new Date("2026-11-22T20:00:00Z"), days: 14, slotMinutes: 30, taken: [] });
    slots();
    expect(formatsBuilt(slots)).toBe(0);
  });
});
