import type { SiteConfig } from "../config/site-config";
import type { Car } from "../contract/car";
import type { SiteTemplate } from "../contract/site";
import { isFuelCalculatorHidden } from "./fuel-cost";

export type ItemType = Car["item_type"];

const TEMPLATE_ITEM_TYPES: Partial<Record<SiteTemplate, ItemType>> = { motorcycle: "motorcycle", truck: "truck", caravan: "caravan" };

/** What a site sells, by its template: car dealers, groups and used-only sites sell cars. */
export const siteItemType = (template: SiteTemplate): ItemType => TEMPLATE_ITEM_TYPES[template] ?? "car";

/** A caravan is towed: no engine to run on fuel, no odometer to read. */
const hasEngine = (itemType: ItemType) => itemType !== "caravan";

/** The fuel cost calculator: for a vehicle with an engine that burns fuel (not electric, not a caravan). */
export const fuelCalculatorShown = (car: Pick<Car, "item_type" | "simple_fuel" | "fuel">): boolean =>
  hasEngine(car.item_type) && !isFuelCalculatorHidden(car.simple_fuel ?? car.fuel);

/** The kilometres slider: only where the stock has odometers. */
export const kmFilterShown = (itemType: ItemType): boolean => hasEngine(itemType);

/** "Suits my tow vehicle" (ADR 0079): only where the stock is towed; elsewhere the address's capacity is ignored. */
export const towFilterShown = (itemType: ItemType): boolean => !hasEngine(itemType);

type PromoCard = SiteConfig["search"]["promoCards"][number];

/** The promo cards for the site's vehicle type: a card that names its types ('We Want Your Car': cars) shows only there. */
export const promoCardsFor = (promos: PromoCard[], itemType: ItemType): PromoCard[] =>
  promos.filter((promo) => !promo.itemTypes || promo.itemTypes.includes(itemType));
