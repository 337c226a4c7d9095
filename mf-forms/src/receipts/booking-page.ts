import type { LeadRecord } from "@dealer/shared/contract";
import { bodyLimit, escapeMarkup, siteFromHost } from "@dealer/shared/http";
import { zonedIso } from "@dealer/shared/rules";
import { type Context, Hono } from "hono";
import { appointmentWords } from "../lead-formats/lead-words";
import type { Env } from "../env";
import { plainPage } from "../leads/form-post";
import { bookingSlots } from "../leads/slots";
import { bookingTokenValid } from "./booking-link";

/** bookingPath(id) as a route. */
const BOOKING_ROUTE = "/api/leads/:id{[0-9]+}/booking";

type BookingRow = { id: number; created_at: string; booking: string | null; booking_cancelled_at: string | null; location_id: number | null; appointment: string | null };

export const LINK_INVALID = "This link is not valid. Please call the dealership to change your booking.";
export const BOOKING_CANCELLED = "Your booking is cancelled, and the time is free for someone else.";

const page = (status: number, title: string, body: string) => plainPage(status, title, `<h1>${escapeMarkup(title)}</h1>${body}`);
const para = (text: string) => `<p>${escapeMarkup(text)}</p>`;

/** The lead a signed link names, on this site; null for an unknown lead, another site's or a wrong token. */
async function linkedBooking(c: Context<{ Bindings: Env }>, token: string) {
  const site = await siteFromHost(c.env.DB, c.req.header("host"));
  const id = Number(c.req.param("id"));
  if (!site || !Number.isSafeInteger(id)) return null;
  const row = await c.env.DB.prepare(
    "SELECT id, created_at, booking, booking_cancelled_at, location_id, json_extract(data, '$.record.appointment') AS appointment FROM leads WHERE id = ? AND site = ?",
  )
    .bind(id, site.slug)
    .first<BookingRow>();
  if (!row?.appointment || !(await bookingTokenValid(c.env, row.id, row.created_at, token))) return null;
  return { site, row, appointment: JSON.parse(row.appointment) as NonNullable<LeadRecord["appointment"]> };
}

type Linked = NonNullable<Awaited<ReturnType<typeof linkedBooking>>>;

/**
 * The receipt's change-or-cancel link (ADR 0037): GET shows the booking, POST cancels it (the time is free
 * again: booking is cleared, so the (dealership, department, booking) index no longer holds it) or moves it to another free
 * time. The token is an HMAC of the lead's id and creation time; the dealer sees each change as a note.
 */
export function createBookingPage() {
  const app = new Hono<{ Bindings: Env }>();

  app.get(BOOKING_ROUTE, async (c) => {
    const token = c.req.query("token") ?? "";
    const linked = await linkedBooking(c, token);
    if (!linked) return page(404, "Booking not found", para(LINK_INVALID));
    if (!linked.row.booking) return page(200, "Booking cancelled", para(BOOKING_CANCELLED));
    return page(200, "Your booking", await bookingChoices(c.env.DB, linked, token));
  });

  app.post(BOOKING_ROUTE, bodyLimit(4 * 1024), async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof form.token === "string" ? form.token : "";
    const linked = await linkedBooking(c, token);
    if (!linked) return page(404, "Booking not found", para(LINK_INVALID));
    const { row, appointment } = linked;
    const now = new Date().toISOString();
    if (form.action === "cancel") {
      const cancelled = await c.env.DB.prepare("UPDATE leads SET booking = NULL, booking_cancelled_at = ? WHERE id = ? AND booking IS NOT NULL RETURNING booking_cancelled_at")
        .bind(now, row.id)
        .first();
      if (cancelled) await note(c.env.DB, row.id, `The shopper cancelled the booking (${appointmentWords({ ...appointment, start: row.booking ?? appointment.start })}).`, now);
      return page(200, "Booking cancelled", para(BOOKING_CANCELLED));
    }
    const start = typeof form.start === "string" ? form.start : "";
    const free = await bookingSlots(c.env.DB, linked.site, row.location_id, new Date(), bookingTypeOf(appointment));
    if (form.action !== "change" || !row.booking || !free?.slots.some((slot) => slot.start === start)) {
      return page(400, "Choose another time", await bookingChoices(c.env.DB, linked, token, "Please choose one of the free times."));
    }
    const moved = new Date(start);
    const end = new Date(moved.getTime() + (Date.parse(appointment.end) - Date.parse(appointment.start)));
    try {
      // The (dealership, department, booking) index refuses a time someone took meanwhile.
      await c.env.DB.prepare("UPDATE leads SET booking = ?, data = json_set(data, '$.record.appointment.start', ?, '$.record.appointment.end', ?) WHERE id = ?")
        .bind(moved.toISOString(), zonedIso(moved, appointment.time_zone), zonedIso(end, appointment.time_zone), row.id)
        .run();
    } catch {
      return page(409, "Choose another time", await bookingChoices(c.env.DB, linked, token, "Sorry, that time was just taken. Please choose another."));
    }
    const words = appointmentWords({ ...appointment, start: moved.toISOString() });
    await note(c.env.DB, row.id, `The shopper moved the booking to ${words}.`, now);
    return page(200, "Booking changed", para(`Your booking is now: ${words}.`));
  });

  return app;
}

/** A service booking moves among the service department's free times, a test drive among sales'. */
const bookingTypeOf = (appointment: NonNullable<LeadRecord["appointment"]>) => (appointment.type === "service" ? "service" : "sales");

async function note(db: D1Database, leadId: number, body: string, at: string): Promise<void> {
  await db.prepare("INSERT INTO lead_notes (lead_id, author, body, created_at) VALUES (?, 'Shopper', ?, ?)").bind(leadId, body, at).run();
}

/** The booking, a Cancel button and the free times to move it to. */
async function bookingChoices(db: D1Database, { site, row, appointment }: Linked, token: string, notice = ""): Promise<string> {
  const current = appointmentWords({ ...appointment, start: row.booking ?? appointment.start });
  const free = await bookingSlots(db, site, row.location_id, new Date(), bookingTypeOf(appointment));
  const hidden = `<input type="hidden" name="token" value="${escapeMarkup(token)}">`;
  const options = (free?.slots ?? []).map((slot) => `<option value="${escapeMarkup(slot.start)}">${escapeMarkup(slot.label)}</option>`).join("");
  return `${notice ? `<p role="alert">${escapeMarkup(notice)}</p>` : ""}${para(`Booked: ${current}.`)}
<form method="post">${hidden}<input type="hidden" name="action" value="cancel"><button type="submit">Cancel this booking</button></form>
<form method="post">${hidden}<input type="hidden" name="action" value="change"><label for="booking-start">Choose another time</label> <select id="booking-start" name="start">${options}</select> <button type="submit">Change time</button></form>`;
}
