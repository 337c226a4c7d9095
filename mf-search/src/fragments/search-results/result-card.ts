import type { Car } from "@dealer/shared/contract";
import type { PageConfig } from "@dealer/shared/config";
import { primaryPhoto, type SlotImage, slotImage } from "@dealer/shared/media";
import {
  type CardTag,
  cardTag,
  carRepayment,
  isInStock,
  type PriceDisplay,
  priceDisplay,
  type RepaymentLabels,
  repaymentLabels,
  shownPriceType,
  vehicleButtons,
  vehiclePath,
} from "@dealer/shared/rules";

/** What one result card shows; computed the same way on the server and after a client page change. */
export type ResultCard = {
  id: number;
  href: string;
  title: string;
  subtitle: string;
  /** The car's first photo's `<img>` attributes in the card's slot (srcset, sizes, box, its colour until it loads). */
  image: SlotImage | null;
  price: PriceDisplay;
  /** Beside the price: Drive Away or what it excludes (ACL s48), or 'Weekly subscription'; null beside words. */
  priceType: string | null;
  tag: CardTag;
  inStock: boolean;
  km: number | null;
  transmission: string | null;
  body: string | null;
  /** The car's advertised repayment with its rates (ADR 0038), where it has one. */
  repayment: RepaymentLabels | null;
  /** A van's stated ATM in kg (the search record's), null without one: the card's tow verdict is computed from it on the device (ADR 0086). */
  atm: number | null;
  favourite: boolean;
  compare: boolean;
  /** What a favourite keeps on the device. */
  saved: { slug: string; name: string; make: string; model: string; primary_image_url: string | null };
};

export type CardCar = Pick<
  Car,
  | "id" | "slug" | "name" | "year" | "make" | "model" | "badge" | "car_type" | "primary_image_url" | "price" | "offer_price"
  | "before_price" | "subscription_price" | "preorder" | "status" | "reserved" | "certified" | "tag" | "created_at"
  | "simple_fuel" | "fuel" | "km" | "simple_transmission" | "simple_body" | "finance_lenders" | "youxQuote" | "dealership_slug"
  | "dealership_id" | "images" | "file" | "trade_in_enabled" | "checkout_enabled" | "price_type"
> & { atm?: number | null };

/** Attributes a card needs: the search request retrieves only these. */
export const cardAttributes = [
  "id", "slug", "name", "year", "make", "model", "badge", "car_type", "primary_image_url", "price", "offer_price",
  "before_price", "subscription_price", "preorder", "status", "reserved", "certified", "tag", "created_at",
  "simple_fuel", "fuel", "km", "simple_transmission", "simple_body", "finance_lenders", "youxQuote", "dealership_slug",
  "dealership_id", "images", "file", "trade_in_enabled", "checkout_enabled", "price_type", "atm",
] as const satisfies readonly (keyof CardCar)[];

export function toResultCard(car: CardCar, config: PageConfig, now: Date, slot: "card" | "row" = "card"): ResultCard {
  const buttons = vehicleButtons(car, config, false);
  const price = priceDisplay(car, config);
  const photo = primaryPhoto(car);
  return {
    id: car.id,
    href: vehiclePath(car.slug),
    title: `${car.year} ${car.make} ${car.model}`,
    subtitle: [car.badge, car.car_type].filter(Boolean).join(" · "),
    image: photo && slotImage(slot, photo.url, photo.photo),
    price,
    priceType: shownPriceType(price, car.price_type),
    tag: cardTag(car, config, now),
    inStock: isInStock(car.status),
    km: car.km ?? null,
    transmission: car.simple_transmission ?? null,
    body: car.simple_body ?? null,
    repayment: repaymentLabels(carRepayment(car, config, now)),
    atm: car.atm ?? null,
    favourite: buttons.favourite,
    compare: buttons.compare,
    saved: { slug: car.slug, name: car.name, make: car.make, model: car.model, primary_image_url: car.primary_image_url ?? null },
  };
}
