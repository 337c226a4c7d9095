import type { Car } from "@dealer/shared/contract";
import type { SiteConfig } from "@dealer/shared/config";
import { type CardTag, cardTag, isInStock, type PriceDisplay, priceDisplay, vehiclePath } from "@dealer/shared/rules";

/** What one result card shows; computed the same way on the server and after a client page change. */
export type ResultCard = {
  id: number;
  href: string;
  title: string;
  subtitle: string;
  image: string | null;
  price: PriceDisplay;
  tag: CardTag;
  inStock: boolean;
  km: number | null;
  transmission: string | null;
  body: string | null;
};

export type CardCar = Pick<
  Car,
  | "id" | "slug" | "name" | "year" | "make" | "model" | "badge" | "car_type" | "primary_image_url" | "price" | "offer_price"
  | "before_price" | "subscription_price" | "preorder" | "status" | "reserved" | "certified" | "tag" | "created_at"
  | "simple_fuel" | "fuel" | "km" | "simple_transmission" | "simple_body"
>;

/** Attributes a card needs: the search request retrieves only these. */
export const cardAttributes = [
  "id", "slug", "name", "year", "make", "model", "badge", "car_type", "primary_image_url", "price", "offer_price",
  "before_price", "subscription_price", "preorder", "status", "reserved", "certified", "tag", "created_at",
  "simple_fuel", "fuel", "km", "simple_transmission", "simple_body",
] as const satisfies readonly (keyof CardCar)[];

export function toResultCard(car: CardCar, config: SiteConfig, now: Date): ResultCard {
  return {
    id: car.id,
    href: vehiclePath(car.slug),
    title: `${car.year} ${car.make} ${car.model}`,
    subtitle: [car.badge, car.car_type].filter(Boolean).join(" · "),
    image: car.primary_image_url ?? null,
    price: priceDisplay(car, config),
    tag: cardTag(car, config, now),
    inStock: isInStock(car.status),
    km: car.km ?? null,
    transmission: car.simple_transmission ?? null,
    body: car.simple_body ?? null,
  };
}
