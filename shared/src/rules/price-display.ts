import type { Car } from "../contract/car";
import type { SiteConfig } from "../config/site-config";
import { formatMoney } from "./money";

export const PREORDER_LABEL = "PREORDER";
export const MISSING_PRICE_TEXT = "Enquire for price.";
export const OFFER_PRICE_MIN = 10;
export const WEEKLY_SUFFIX = "/wk";

export type PriceDisplay =
  | { kind: "subscription"; amount: number; suffix: typeof WEEKLY_SUFFIX }
  | { kind: "price"; amount: number; struckBeforePrice: number | null }
  | { kind: "preorder"; text: typeof PREORDER_LABEL }
  | { kind: "text"; text: string };

type PriceCar = Pick<Car, "price" | "offer_price" | "before_price" | "subscription_price" | "preorder">;
type PriceConfig = { features: Pick<SiteConfig["features"], "subscriptions">; labels: Pick<SiteConfig["labels"], "noPriceText"> };

export type ListedPrice = Exclude<PriceDisplay, { kind: "subscription" }>;

/**
 * The car's own price: the offer (else listed) price above 10 with a higher before_price struck through, PREORDER,
 * then the configured no-price text ('Enquire for price.' by default). A subscription never replaces it (ADR 0038):
 * finance, checkout, the sticky header and the pixel work from this.
 */
export function listedPrice(car: Omit<PriceCar, "subscription_price">, config: Pick<PriceConfig, "labels">): ListedPrice {
  const amount = (car.offer_price ?? 0) > OFFER_PRICE_MIN ? (car.offer_price as number) : car.price;
  if (amount !== null && amount !== undefined && amount > OFFER_PRICE_MIN) {
    const before = car.before_price ?? null;
    return { kind: "price", amount, struckBeforePrice: before !== null && before > amount ? before : null };
  }
  if (car.preorder) return { kind: "preorder", text: PREORDER_LABEL };
  return { kind: "text", text: config.labels.noPriceText || MISSING_PRICE_TEXT };
}

/** The weekly subscription offered for the car, when the site offers subscriptions and the value is above 0; else null. */
export function subscriptionOffer(car: Pick<Car, "subscription_price">, config: Pick<PriceConfig, "features">): number | null {
  return config.features.subscriptions && (car.subscription_price ?? 0) > 0 ? (car.subscription_price as number) : null;
}

/** What a card shows as the price, in the spec's priority: the subscription per week, else the car's listed price. */
export function priceDisplay(car: PriceCar, config: PriceConfig): PriceDisplay {
  const subscription = subscriptionOffer(car, config);
  return subscription !== null ? { kind: "subscription", amount: subscription, suffix: WEEKLY_SUFFIX } : listedPrice(car, config);
}

export const DRIVE_AWAY_TEXT = "Drive Away";
export const EXCL_GOVERNMENT_CHARGES_TEXT = "Excl. Government Charges";

/**
 * What a shown amount includes, beside every price (ACL s48: a buyer must see whether it is the total): the feed's
 * price_type ('Drive Away', 'Excl. Government Charges', 'Excl. GST'), else 'Excl. Government Charges', which never
 * claims a total the dealer has not stated.
 */
export function priceTypeText(priceType: string | null | undefined): string {
  const stated = priceType?.trim();
  return stated ? stated : EXCL_GOVERNMENT_CHARGES_TEXT;
}

/** Beside a subscription shown as the price (spec priority 1), so it is never read as the car's price or its finance. */
export const SUBSCRIPTION_PRICE_TYPE = "Weekly subscription";

/**
 * What a shown price is, beside it: an amount's price type, 'Weekly subscription' beside a subscription; PREORDER or
 * words take none.
 */
export function shownPriceType(price: PriceDisplay, priceType: string | null | undefined): string | null {
  if (price.kind === "subscription") return SUBSCRIPTION_PRICE_TYPE;
  return price.kind === "price" ? priceTypeText(priceType) : null;
}

/** A shown price as one line of text, what it is beside it: '$39,990 Drive Away', '$385/wk Weekly subscription', or its words. */
export function shownPriceText(price: PriceDisplay, priceType: string | null | undefined): string {
  const amount = price.kind === "subscription" ? `${formatMoney(price.amount)}${price.suffix}` : price.kind === "price" ? formatMoney(price.amount) : price.text;
  const type = shownPriceType(price, priceType);
  return type ? `${amount} ${type}` : amount;
}
