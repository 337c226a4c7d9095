import { carSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import {
  ALERT_CHANNELS,
  type AlertChannel,
  CODE_LOCKED_MESSAGE,
  CODE_MESSAGE,
  dateTimeFormat,
  displayMobile,
  EMAIL_ADDRESS_MESSAGE,
  EMAIL_CONFIRMED_MESSAGE,
  EMAIL_NOT_CONFIRMED_MESSAGE,
  EMAIL_SEND_FAILED_MESSAGE,
  EXPIRED_CODE_MESSAGE,
  isInStock,
  isSold,
  priceDisplay,
  shownPriceText,
  TOO_MANY_CODES_MESSAGE,
  towFilterText,
  vehiclePath,
  WRONG_EMAIL_CODE_MESSAGE,
} from "@dealer/shared/rules";
import type { Env } from "../../env";
import Garage from "./Garage";
import type { GarageCar, GarageEnquiry, GarageProps, GarageSearch } from "./props";

async function savedCars(request: FragmentRequest, env: Env): Promise<GarageCar[]> {
  const ids = request.session.watchlist ?? [];
  if (!ids.length) return [];
  const rows = await env.DB.prepare(`SELECT data FROM vehicles WHERE site = ? AND id IN (${ids.map(() => "?").join(",")})`)
    .bind(request.site.slug, ...ids)
    .all<{ data: string }>();
  const cars = rows.results.flatMap((row) => {
    const parsed = carSchema.safeParse(JSON.parse(row.data));
    return parsed.success ? [parsed.data] : [];
  });
  // In the order they were saved.
  return ids.flatMap((id) => {
    const car = cars.find((candidate) => candidate.id === id);
    if (!car) return [];
    return [{ id, name: car.name, href: vehiclePath(car.slug), image: car.primary_image_url ?? null, price: shownPriceText(priceDisplay(car, request.config), car.price_type), inStock: isInStock(car.status), sold: isSold(car.status) }];
  });
}

/** A saved /search query in words: its text, the refinements and ranges it holds. */
export function searchLabel(query: string): string {
  const words: string[] = [];
  for (const [key, value] of new URLSearchParams(query)) {
    if (!value) continue;
    if (key === "query") words.push(`"${value}"`);
    else if (key.startsWith("refinementList[")) words.push(value);
    else if (key === "tow_capacity" && /^\d{1,5}$/.test(value)) words.push(towFilterText(Number(value)));
    else {
      const range = /^range\[([a-z_]+)\]$/.exec(key);
      const [min, max] = value.split(":");
      if (range) words.push(`${range[1]} ${min ? `from ${min}` : ""}${min && max ? " " : ""}${max ? `up to ${max}` : ""}`.trim());
    }
  }
  return words.length ? words.join(", ") : "All stock";
}

async function savedSearches(userId: string, env: Env): Promise<GarageSearch[]> {
  const rows = await env.DB.prepare("SELECT id, query FROM saved_searches WHERE user_id = ? ORDER BY id DESC LIMIT 50").bind(userId).all<{ id: number; query: string }>();
  return rows.results.map((row) => ({ id: row.id, href: `/search${row.query ? `?${row.query}` : ""}`, label: searchLabel(row.query) }));
}

/** The site's leads sent from this number, as the shopper typed it (spaces, dashes, +61 or 0). */
async function enquiries(site: string, phone: string, env: Env): Promise<GarageEnquiry[]> {
  const national = phone.replace(/^\+61/, "0");
  const rows = await env.DB.prepare(
    `SELECT l.id, l.kind, l.created_at, json_extract(v.data, '$.name') AS car FROM leads l LEFT JOIN vehicles v ON v.id = l.car_id AND v.site = l.site
     WHERE l.site = ?1 AND replace(replace(replace(replace(replace(json_extract(l.data, '$.values.phone'), ' ', ''), '-', ''), '(', ''), ')', ''), '.', '') IN (?2, ?3, ?4)
     ORDER BY l.id DESC LIMIT 50`,
  )
    .bind(site, national, phone, phone.slice(1))
    .all<{ id: number; kind: string; created_at: string; car: string | null }>();
  return rows.results.map((row) => ({
    id: row.id,
    kind: row.kind.replace(/_/g, " ").replace(/^\w/, (letter) => letter.toUpperCase()),
    car: row.car,
    date: dateTimeFormat("en-AU", { day: "numeric", month: "short", year: "numeric", timeZone: "Australia/Sydney" }).format(new Date(row.created_at)),
  }));
}

/** The page shows only messages the e-mail API gives, never other text from the address. */
const EMAIL_ERRORS = new Set([CODE_LOCKED_MESSAGE, CODE_MESSAGE, EMAIL_ADDRESS_MESSAGE, EMAIL_NOT_CONFIRMED_MESSAGE, EXPIRED_CODE_MESSAGE, TOO_MANY_CODES_MESSAGE, WRONG_EMAIL_CODE_MESSAGE, EMAIL_SEND_FAILED_MESSAGE]);
const known = (text: string | undefined, messages: ReadonlySet<string>) => (text && messages.has(text) ? text : null);
const NO_EMAIL = { confirmed: null, pending: null, notice: null, error: null };

async function emailState(request: FragmentRequest, userId: string, env: Env): Promise<GarageProps["email"]> {
  const row = await env.DB.prepare(
    `SELECT CASE WHEN u.email_verified_at IS NOT NULL THEN u.email END AS confirmed, v.email AS pending
     FROM users u LEFT JOIN email_verifications v ON v.user_id = u.id AND v.expires_at > ?2 WHERE u.id = ?1`,
  )
    .bind(userId, Date.now())
    .first<{ confirmed: string | null; pending: string | null }>();
  const notice = request.params.email_notice;
  return {
    confirmed: row?.confirmed ?? null,
    pending: row?.pending ?? null,
    notice: notice === EMAIL_CONFIRMED_MESSAGE || (row?.pending && notice === `We sent a code to ${row.pending}.`) ? notice : null,
    error: known(request.params.email_error, EMAIL_ERRORS),
  };
}

export async function loadGarage(request: FragmentRequest, env: Env): Promise<GarageProps> {
  const view = request.params.view === "watchlist" ? "watchlist" : "garage";
  const { userId, phone } = request.session;
  // The gateway sends anonymous shoppers to sign-in first; a fallback render without a session shows an empty list.
  if (!userId || !phone) return { view, phone: "", cars: [], searches: [], enquiries: [], alerts: null, email: NO_EMAIL };
  const [cars, searches, sent, subscription, email] = await Promise.all([
    savedCars(request, env),
    view === "garage" ? savedSearches(userId, env) : [],
    view === "garage" ? enquiries(request.site.slug, phone, env) : [],
    env.DB.prepare("SELECT channel FROM alert_subscriptions WHERE user_id = ? AND unsubscribed_at IS NULL").bind(userId).first<{ channel: string }>(),
    view === "garage" ? emailState(request, userId, env) : NO_EMAIL,
  ]);
  const channel = ALERT_CHANNELS.find((one) => one === subscription?.channel) ?? null;
  return { view, phone: displayMobile(phone), cars, searches, enquiries: sent, alerts: channel satisfies AlertChannel | null, email };
}

export const garageFragment: FragmentDefinition<GarageProps, Env> = { load: loadGarage, Component: Garage };
