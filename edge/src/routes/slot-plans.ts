import type { HydrateMode, RemoteName } from "@dealer/shared/fragment";

export type SlotPlan = {
  slot: string;
  remote: RemoteName;
  fragment: string;
  area: "main" | "aside";
  /** Extra params the fragment needs beyond the route's own (e.g. which form). */
  params?: Record<string, string>;
  /** Default "load"; "interaction" keeps a secondary slot's code out of the first load. */
  hydrate?: HydrateMode;
  /** Only for a car page whose car passes this (e.g. no finance for a sold car). */
  when?: (car: PageCar) => boolean;
  /** "below": a main slot far down the page; the head does not preload its scripts (it hydrates on approach). */
  fold?: "below";
};

/** What the gateway reads of a car page's car before it streams, to choose that page's slots. */
export type PageCar = { sold: boolean; testDriveOnly: boolean };

export type ShellPageName = "home" | "brands" | "success";

export type RoutePlan = {
  name: string;
  title: string;
  slots: SlotPlan[];
  /** Shell-only pages render a shell component and no slots. */
  shellPage?: ShellPageName;
  /** The page answers 404 unless this tenant has the car or location its path names. */
  requires?: "car" | "location";
};

export type RouteMatch = { plan: RoutePlan; params: Record<string, string> };

const slot = (
  slot: string,
  remote: RemoteName,
  fragment: string,
  area: SlotPlan["area"] = "main",
  params?: Record<string, string>,
  options: { hydrate?: HydrateMode; when?: SlotPlan["when"]; fold?: SlotPlan["fold"] } = {},
): SlotPlan => ({
  slot,
  remote,
  fragment,
  area,
  ...(params ? { params } : {}),
  ...(options.hydrate ? { hydrate: options.hydrate } : {}),
  ...(options.when ? { when: options.when } : {}),
  ...(options.fold ? { fold: options.fold } : {}),
});

/** The slots of a plan for this page's car (a page without a car keeps every slot). */
export function slotsFor(plan: RoutePlan, car: PageCar | null): RoutePlan {
  return car ? { ...plan, slots: plan.slots.filter((slot) => !slot.when || slot.when(car)) } : plan;
}

const searchPlan: RoutePlan = { name: "search", title: "Search stock", slots: [slot("search", "mf-search", "SearchResults")] };
const locationsPlan = (title: string, requires?: "location"): RoutePlan => ({
  name: "locations",
  title,
  slots: [slot("locations", "mf-locations", "LocationList")],
  ...(requires ? { requires } : {}),
});
const formPlan = (title: string, kind: string): RoutePlan => ({
  name: `form-${kind}`,
  title,
  slots: [slot("form", "mf-forms", "EnquiryForm", "main", { kind })],
});

type Matcher = { pattern: RegExp; keys: string[]; plan: RoutePlan };

const SLUG = "([a-z0-9][a-z0-9-]*)";

/** Every route the gateway composes, in match order; anything else is the tenant's 404. */
const matchers: Matcher[] = [
  { pattern: /^\/$/, keys: [], plan: { name: "home", title: "Home", slots: [], shellPage: "home" } },
  { pattern: /^\/search\/?$/, keys: [], plan: searchPlan },
  // Landing paths: /search/used-cars, /search/{make}, /search/{make}/{model}, /search/{body}...
  { pattern: new RegExp(`^/search/${SLUG}(?:/${SLUG})?/?$`), keys: ["landing", "landingModel"], plan: searchPlan },
  {
    pattern: new RegExp(`^/cars/${SLUG}/?$`),
    keys: ["slug"],
    plan: {
      name: "vehicle",
      title: "Vehicle",
      requires: "car",
      // Main slots top to bottom as a phone shows them; below-the-fold ones hydrate as the shopper nears them.
      slots: [
        slot("vehicle", "mf-vehicle", "VehicleDetail"),
        // Server-only markup (ADR 0010): nothing to run, so its (empty) code waits for a first touch.
        slot("vehicle-info", "mf-vehicle", "VehicleInfo", "main", undefined, { hydrate: "interaction", fold: "below" }),
        slot("price-comparison", "mf-vehicle", "PriceComparison", "main", undefined, { fold: "below" }),
        slot("fuel-cost", "mf-vehicle", "FuelCost", "main", undefined, { fold: "below" }),
        slot("similar", "mf-search", "SimilarVehicles", "main", undefined, { fold: "below" }),
        slot("vehicle-location", "mf-locations", "VehicleLocation", "main", undefined, { fold: "below" }),
        // The sidebar tools hydrate on first use: the vehicle is what the first load is for.
        // Sold cars get no finance box or calculator; their enquiry asks for a similar car (mf-forms decides).
        slot("finance", "mf-finance", "RepaymentEstimate", "aside", undefined, { hydrate: "interaction", when: (car) => !car.sold }),
        slot("enquiry", "mf-forms", "EnquiryForm", "aside", { kind: "enquiry" }, { hydrate: "interaction", when: (car) => !car.testDriveOnly }),
        // Test-drive-only cars take bookings instead; the same slot id keeps the page's #slot-enquiry anchor.
        slot("enquiry", "mf-forms", "EnquiryForm", "aside", { kind: "test_drive" }, { hydrate: "interaction", when: (car) => car.testDriveOnly }),
      ],
    },
  },
  { pattern: new RegExp(`^/our-location/${SLUG}/?$`), keys: ["location"], plan: locationsPlan("Our location", "location") },
  { pattern: new RegExp(`^/locations/${SLUG}/?$`), keys: ["location"], plan: locationsPlan("Location", "location") },
  { pattern: /^\/dealer-locator\/?$/, keys: [], plan: locationsPlan("Dealer locator") },
  { pattern: /^\/finance\/?$/, keys: [], plan: { name: "finance", title: "Finance", slots: [slot("finance", "mf-finance", "RepaymentEstimate")] } },
  { pattern: /^\/book-test-drive\/?$/, keys: [], plan: formPlan("Book a test drive", "test_drive") },
  { pattern: /^\/trade-in\/?$/, keys: [], plan: formPlan("Trade-in valuation", "trade_in") },
  { pattern: /^\/contact\/?$/, keys: [], plan: formPlan("Contact us", "enquiry") },
  { pattern: /^\/brands\/?$/, keys: [], plan: { name: "brands", title: "Our brands", slots: [], shellPage: "brands" } },
  { pattern: /^\/success\/?$/, keys: [], plan: { name: "success", title: "Thank you", slots: [], shellPage: "success" } },
];

/** Path + query -> the route's plan and its params (route params win over query values). */
export function matchRoute(url: URL): RouteMatch | null {
  for (const { pattern, keys, plan } of matchers) {
    const found = pattern.exec(url.pathname);
    if (!found) continue;
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    keys.forEach((key, index) => {
      const value = found[index + 1];
      if (value) params[key] = value;
    });
    return { plan, params };
  }
  return null;
}
