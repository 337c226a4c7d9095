import type { Car } from "../contract/car";
import type { SiteConfig } from "../config/site-config";

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

/**
 * What a card or sidebar shows as the price, in the spec's priority: subscription per week (when the site
 * offers subscriptions), the offer (else listed) price above 10 with a higher before_price struck through,
 * PREORDER, then the configured no-price text ('Enquire for price.' by default).
 */
export function priceDisplay(car: PriceCar, config: PriceConfig): PriceDisplay {
  if (config.features.subscriptions && (car.subscription_price ?? 0) > 0) {
    return { kind: "subscription", amount: car.subscription_price as number, suffix: WEEKLY_SUFFIX };
  }
  const amount = (car.offer_price ?? 0) > OFFER_PRICE_MIN ? (car.offer_price as number) : car.price;
  if (amount !== null && amount !== undefined && amount > OFFER_PRICE_MIN) {
    const before = car.before_price ?? null;
    return { kind: "price", amount, struckBeforePrice: before !== null && before > amount ? before : null };
  }
  if (car.preorder) return { kind: "preorder", text: PREORDER_LABEL };
  return { kind: "text", text: config.labels.noPriceText || MISSING_PRICE_TEXT };
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
