import type { Car } from "../contract/car";
import type { SiteConfig } from "../config/site-config";
import { pathSegment } from "./search-paths";

/** Routes of the vehicle page's buttons and links. */
export const vehiclePath = (slug: string) => `/cars/${slug}`;
export const checkoutPath = (slug: string, vehicle: Pick<SiteConfig["vehicle"], "checkoutPath">) => `/cars/${slug}/${vehicle.checkoutPath}`;
export const onlinePurchasePath = (slug: string) => `/checkout-journey?car_id=${encodeURIComponent(slug)}`;
export const tradeInPath = (id: Car["id"]) => `/cars/trade-in?car_id=${id}`;
/** Spec §7's related car ids of a car (mf-search answers it; the similar row calls it). */
export const relatedCarsPath = (slug: string) => `/cars/${slug}/related.json`;
export const printPath = (slug: string) => `/print?car_id=${encodeURIComponent(slug)}`;
export const dealerStockPath = (dealershipSlug: string) => `/search/${dealershipSlug}`;
export const brandTilePath = (tile: { slug: string; skipPage?: boolean | string }) =>
  typeof tile.skipPage === "string" && tile.skipPage ? tile.skipPage : tile.skipPage === true ? `/${tile.slug}` : `/${tile.slug}/overview`;
export const VEHICLE_MAP_ANCHOR = "#vehicle-map";
export const FINANCE_CALCULATOR_ANCHOR = "#finance-calculator";
export const FINANCE_DISCLAIMER_ANCHOR = "#financeDisclaimer";

/** 'Located at {city}' shows when the vehicle's location city differs from the primary location's city. */
export function locatedAtText(carCity: string | null | undefined, primaryCity: string | null | undefined): string | null {
  if (!carCity || !primaryCity || carCity.trim().toLowerCase() === primaryCity.trim().toLowerCase()) return null;
  return `Located at ${carCity}`;
}

export const shareToastText = (carName: string) => `Copied ${carName} to your clipboard!`;
export const SHARE_TOAST_MS = 3000;
export const COPIED_TEXT = "Copied";
export const COPIED_MS = 1500;

export type Breadcrumb = { label: string; href: string | null };

/** Home > type > make > model > body > current. */
export function vehicleBreadcrumbs(
  car: Pick<Car, "car_type" | "make" | "model" | "simple_body" | "name">,
  search: Pick<SiteConfig["search"], "landingBase">,
): Breadcrumb[] {
  const base = search.landingBase;
  const type = car.car_type.charAt(0).toUpperCase() + car.car_type.slice(1);
  const crumbs: Breadcrumb[] = [
    { label: "Home", href: "/" },
    { label: type, href: `${base}/${car.car_type}-cars` },
    { label: car.make, href: `${base}/${pathSegment(car.make)}` },
    { label: car.model, href: `${base}/${pathSegment(car.make)}/${pathSegment(car.model)}` },
  ];
  if (car.simple_body) crumbs.push({ label: car.simple_body, href: `${base}/${pathSegment(car.simple_body)}` });
  crumbs.push({ label: car.name, href: null });
  return crumbs;
}
