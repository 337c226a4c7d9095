import type { Location } from "../contract/location";
import { dateTimeFormat } from "./kept-formats";
import { localTime } from "./local-time";
import type { LocationType } from "./opening-hours";

/** A bookable start: the instant as ISO 8601 with the location's UTC offset, and how the form shows it. */
export type AppointmentSlot = { start: string; label: string };

/** Bookings start at least this long from now. */
export const BOOKING_LEAD_MINUTES = 60;
export const SLOT_TAKEN_MESSAGE = "Sorry, that time has just been booked. Please choose another time.";

const DAY_MS = 24 * 60 * 60 * 1000;
const minutesOf = (hhmm: string | null | undefined) => {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? "");
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** '+10:00' for an instant in a time zone. */
function utcOffset(instant: Date, timeZone: string): string {
  const name = dateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return match ? `${match[1]}:${match[2] ?? "00"}` : "+00:00";
}

/** The instant of a local wall-clock time (date 'YYYY-MM-DD', minutes since midnight) in a time zone. */
function zonedInstant(date: string, minutes: number, timeZone: string): { at: Date; iso: string } {
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  const guess = new Date(`${date}T${hh}:${mm}:00Z`);
  const offset = utcOffset(guess, timeZone);
  const iso = `${date}T${hh}:${mm}:00${offset}`;
  return { at: new Date(iso), iso };
}

/** Open and close minutes on a local date: a holiday entry overrides the weekday's hours; null when closed. */
function openOn(location: Pick<Location, "id" | "contact_detail" | "special_hours">, type: LocationType, date: string, weekday: number) {
  const holiday = location.special_hours.find((entry) => entry.date === date && entry.location_id === location.id);
  if (holiday) {
    const open = minutesOf(holiday.start_hour);
    const close = minutesOf(holiday.end_hour);
    return holiday.status === "Open" && open !== null && close !== null ? { open, close } : null;
  }
  const entry = location.contact_detail.opening_hours.find((e) => e.weekday === weekday && e.location_type === type);
  const open = minutesOf(entry?.open);
  const close = minutesOf(entry?.close);
  return entry?.status === "Open" && open !== null && close !== null && close > open ? { open, close } : null;
}

/**
 * Test-drive times for the next `days` local days of a location: every `slotMinutes` from opening while a
 * whole slot fits before closing, holiday hours overriding the weekday's, none within BOOKING_LEAD_MINUTES
 * of now, and none already taken (instants compared, whatever offset they were written with).
 */
export function appointmentSlots(
  location: Pick<Location, "id" | "timezone" | "contact_detail" | "special_hours">,
  options: { now: Date; days: number; slotMinutes: number; taken: readonly string[]; type?: LocationType },
): AppointmentSlot[] {
  const taken = new Set(options.taken.map((start) => new Date(start).getTime()));
  const earliest = options.now.getTime() + BOOKING_LEAD_MINUTES * 60 * 1000;
  const label = dateTimeFormat("en-AU", { timeZone: location.timezone, weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit" });
  const slots: AppointmentSlot[] = [];
  const seen = new Set<string>();
  for (let day = 0; day < options.days; day += 1) {
    const { date, weekday } = localTime(new Date(options.now.getTime() + day * DAY_MS), location.timezone);
    if (seen.has(date)) continue;
    seen.add(date);
    const hours = openOn(location, options.type ?? "sales", date, weekday);
    if (!hours) continue;
    for (let start = hours.open; start + options.slotMinutes <= hours.close; start += options.slotMinutes) {
      const { at, iso } = zonedInstant(date, start, location.timezone);
      if (at.getTime() < earliest || taken.has(at.getTime())) continue;
      slots.push({ start: iso, label: label.format(at) });
    }
  }
  return slots;
}

export const BOOKING_PAST_MESSAGE = "Please choose a time in the future.";
export const bookingWindowMessage = (days: number) => `Please choose a time within the next ${days} days.`;
export const BOOKING_CLOSED_MESSAGE = "The dealership does not take bookings at that time. Please choose one of the times offered.";

/**
 * Why a requested booking start cannot be booked, or null when it can: it must be one of the location's slots
 * (`appointmentSlots` without the taken ones: a taken time is the store's 409), so in the future, within the window,
 * in the department's open hours (holidays included) and on the slot grid.
 */
export function bookingProblem(booking: Date, open: readonly AppointmentSlot[], now: Date, days: number): string | null {
  if (booking.getTime() < now.getTime() + BOOKING_LEAD_MINUTES * 60 * 1000) return BOOKING_PAST_MESSAGE;
  if (booking.getTime() > now.getTime() + days * DAY_MS) return bookingWindowMessage(days);
  return open.some((slot) => new Date(slot.start).getTime() === booking.getTime()) ? null : BOOKING_CLOSED_MESSAGE;
}
