import { carSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { type FragmentDefinition, FragmentNotFound } from "@dealer/shared/fragment-server";
import {
  CAR_ALREADY_RESERVED,
  CAR_NOT_RESERVABLE,
  depositText,
  formatMoney,
  isInStock,
  MONEY_BACK_TEXT,
  listedPrice,
  reserveButtonLabel,
  returnTermsText,
  shownPriceText,
} from "@dealer/shared/rules";
import type { Env } from "../../env";
import { findReservation } from "../../reservations/store";
import Checkout from "./Checkout";
import type { CheckoutCar, CheckoutProps, ConfirmationProps } from "./props";

const holdFormat = new Intl.DateTimeFormat("en-AU", { dateStyle: "full", timeStyle: "short", timeZone: "Australia/Brisbane" });

async function loadCar(env: Env, site: string, where: { slug: string } | { id: number }) {
  const row =
    "slug" in where
      ? await env.DB.prepare("SELECT data FROM vehicles WHERE site = ? AND slug = ?").bind(site, where.slug).first<{ data: string }>()
      : await env.DB.prepare("SELECT data FROM vehicles WHERE site = ? AND id = ?").bind(site, where.id).first<{ data: string }>();
  const car = row ? carSchema.safeParse(JSON.parse(row.data)) : null;
  return car?.success ? car.data : null;
}

/** The session may carry more than {userId, phone}: any name or e-mail it has prefills too. */
function sessionText(session: FragmentRequest["session"], key: string): string {
  const value = (session as Record<string, unknown>)[key];
  return typeof value === "string" ? value : "";
}

async function loadConfirmation(request: FragmentRequest, env: Env): Promise<ConfirmationProps> {
  const token = request.params.reservation ?? "";
  const reservation = token ? await findReservation(env.DB, token) : null;
  if (!reservation || reservation.site !== request.site.slug) return { mode: "confirmation", state: "unknown", car: null, holdUntil: null, amountText: null, paymentUrl: null, reference: null };
  const car = await loadCar(env, request.site.slug, { id: reservation.car_id });
  const state = reservation.state === "paid" || reservation.state === "awaiting_payment" ? reservation.state : reservation.refunded_at ? "refunded" : "lapsed";
  return {
    mode: "confirmation",
    state,
    car: car ? { name: car.name, href: `/cars/${car.slug}` } : null,
    holdUntil: state === "paid" ? holdFormat.format(new Date(reservation.hold_until)) : null,
    amountText: reservation.amount_cents > 0 ? formatMoney(reservation.amount_cents / 100) : null,
    paymentUrl: state === "awaiting_payment" ? reservation.payment_url : null,
    reference: state === "paid" ? reservation.token : null,
  };
}

export async function loadCheckout(request: FragmentRequest, env: Env): Promise<CheckoutProps> {
  if (request.params.step === "confirmation") return loadConfirmation(request, env);
  // /cars/{slug}/checkout names the car by slug, /checkout-journey by ?car_id (the gateway copies it to slug).
  const slug = request.params.slug ?? request.params.car_id ?? "";
  const car = await loadCar(env, request.site.slug, { slug });
  if (!car) throw new FragmentNotFound(`No vehicle ${slug}`);
  const config = request.config;
  // The car's price, never its weekly subscription (ADR 0038).
  const price = listedPrice(car, config);
  const owner = await env.DB.prepare("SELECT name FROM dealerships WHERE id = ?").bind(car.dealership_id).first<{ name: string }>();
  const view: CheckoutCar = {
    id: car.id,
    slug: car.slug,
    name: car.name,
    href: `/cars/${car.slug}`,
    // With its type beside it (ACL s48), as on the car page: '$39,990 Drive Away'.
    priceText: shownPriceText(price, car.price_type),
    stocknum: car.stocknum,
    image: car.images[0]?.image.thumb.url ?? null,
    dealership: owner?.name ?? "",
  };
  const reservable = car.checkout_enabled && isInStock(car.status);
  const used = car.car_type === "used";
  return {
    mode: "checkout",
    car: view,
    unavailable: !reservable ? CAR_NOT_RESERVABLE : car.reserved ? CAR_ALREADY_RESERVED : null,
    reserveLabel: reserveButtonLabel(config.reserve),
    deposit: depositText(config.reserve),
    moneyBack: used ? MONEY_BACK_TEXT : null,
    returnTerms: used ? returnTermsText(config.reserve, car.dealership_slug ?? "") : null,
    prefill: { name: sessionText(request.session, "name"), email: sessionText(request.session, "email"), phone: request.session.phone ?? "" },
    idempotencyKey: crypto.randomUUID(),
  };
}

export const checkoutFragment: FragmentDefinition<CheckoutProps, Env> = { load: loadCheckout, Component: Checkout };
