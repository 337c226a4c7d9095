import type { Car } from "../contract/car";
import type { SiteConfig } from "../config/site-config";
import { isInStock } from "./availability";
import { isExcludedFromFinance } from "./finance-eligibility";
import { formatMoney } from "./money";

export const TEST_DRIVE_ONLY_TAG = "Test Drive Only";
export const RESERVE_LABEL = "Reserve Now";
/** The vehicle page's reserve button (spec §2); the deposit amount and its terms sit beside it (depositText). */
export const RESERVE_CAR_LABEL = "Reserve Car Now";
export const RESERVE_HOLD_HOURS = 48;

export type VehicleButtons = {
  enquire: boolean;
  history: boolean;
  finance: boolean;
  tradeIn: boolean;
  reserve: boolean;
  onlinePurchase: boolean;
  favourite: boolean;
  compare: boolean;
  /** Watchlist save: a sold car shows it only if already saved. */
  watchlistSave: boolean;
  /** Tag 'Test Drive Only': a Book a Test Drive form replaces the usual buttons. */
  testDriveOnly: boolean;
  /** Sold: 'Like this and want something similar?' + 'Find Me Something Similar' replace the action buttons. */
  findSimilar: boolean;
};

type ButtonCar = Pick<Car, "status" | "tag" | "file" | "trade_in_enabled" | "checkout_enabled" | "price" | "images" | "dealership_slug" | "make" | "dealership_id">;
type ButtonConfig = {
  vehicle: Pick<SiteConfig["vehicle"], "buttonSet" | "favouriteHiddenDealerships">;
  search: Pick<SiteConfig["search"], "usedOnly">;
  finance: Pick<SiteConfig["finance"], "excludedManufacturers" | "excludedDealerships">;
};

/** Which sidebar and card buttons show for a car on this site. */
/** An in-stock car tagged 'Test Drive Only': a Book a Test Drive form replaces the usual buttons and enquiry. */
export function isTestDriveOnly(car: Pick<ButtonCar, "status" | "tag">): boolean {
  return isInStock(car.status) && car.tag?.trim() === TEST_DRIVE_ONLY_TAG;
}

export function vehicleButtons(car: ButtonCar, config: ButtonConfig, savedInWatchlist: boolean): VehicleButtons {
  const inStock = isInStock(car.status);
  const testDriveOnly = isTestDriveOnly(car);
  const actions = inStock && !testDriveOnly;
  const offered = (button: SiteConfig["vehicle"]["buttonSet"][number]) => actions && config.vehicle.buttonSet.includes(button);
  // The used-only layout's compare variant also needs a price and a picture to compare.
  const comparable = !config.search.usedOnly || ((car.price ?? 0) > 0 && car.images.length > 0);
  return {
    enquire: offered("enquire"),
    history: offered("history") && Boolean(car.file),
    // An excluded make or dealership offers no finance at all, not even an enquiry button (ADR 0063).
    finance: offered("finance") && !isExcludedFromFinance(car, config.finance),
    tradeIn: offered("tradeIn") && car.trade_in_enabled,
    reserve: offered("reserve") && car.checkout_enabled,
    onlinePurchase: offered("onlinePurchase") && car.checkout_enabled,
    favourite: inStock && !config.vehicle.favouriteHiddenDealerships.includes(car.dealership_slug),
    compare: inStock && comparable,
    watchlistSave: inStock || savedInWatchlist,
    testDriveOnly,
    findSimilar: !inStock,
  };
}

/** 'Reserve Now' followed by the reserve amount (default $200); a $0 amount omits it. */
export function reserveButtonLabel(reserve: Pick<SiteConfig["reserve"], "amount">): string {
  return reserve.amount > 0 ? `${RESERVE_LABEL} ${formatMoney(reserve.amount)}` : RESERVE_LABEL;
}

/** Vehicle type word for the sold message: car, motorcycle, truck or caravan. */
export function soldVehicleMessage(itemType: Car["item_type"]): string {
  return `Unfortunately this ${itemType} recently sold. But don't worry, we can help you find a similar one!`;
}
