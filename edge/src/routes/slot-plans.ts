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
};

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
  hydrate?: HydrateMode,
): SlotPlan => ({
  slot,
  remote,
  fragment,
  area,
  ...(params ? { params } : {}),
  ...(hydrate ? { hydrate } : {}),
});

const searchPlan: RoutePlan = { name: "search", title: "Search stock", slots: [slot("search", "mf-search", "SearchResults")] };
/** Special offers: the search page over cars with an offer price. */
const offersPlan: RoutePlan = {
  name: "special-offers",
  title: "Special offers",
  slots: [slot("search", "mf-search", "SearchResults", "main", { list: "offers" })],
};
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

const financePlan: RoutePlan = {
  name: "finance",
  title: "Finance",
  // The calculator is the page; the estimate beside it and the budget finder below it hydrate on first use.
  slots: [
    slot("finance", "mf-finance", "RepaymentCalculator"),
    slot("estimate", "mf-finance", "EstimatePanel", "aside", undefined, "interaction"),
    slot("budget", "mf-finance", "BudgetFinder", "main", undefined, "interaction"),
  ],
};

type Matcher = { pattern: RegExp; keys: string[]; plan: RoutePlan };

const SLUG = "([a-z0-9][a-z0-9-]*)";

/** Every route the gateway composes, in match order; anything else is the tenant's 404. */
const matchers: Matcher[] = [
  { pattern: /^\/$/, keys: [], plan: { name: "home", title: "Home", slots: [], shellPage: "home" } },
  { pattern: /^\/search\/?$/, keys: [], plan: searchPlan },
  // Landing paths: /search/used-cars, /search/{make}, /search/{make}/{model}, /search/{body}...
  { pattern: new RegExp(`^/search/${SLUG}(?:/${SLUG})?/?$`), keys: ["landing", "landingModel"], plan: searchPlan },
  { pattern: /^\/special-offers\/?$/, keys: [], plan: offersPlan },
  {
    pattern: new RegExp(`^/cars/${SLUG}/?$`),
    keys: ["slug"],
    plan: {
      name: "vehicle",
      title: "Vehicle",
      requires: "car",
      slots: [
        slot("vehicle", "mf-vehicle", "VehicleDetail"),
        // The sidebar tools hydrate on first use: the vehicle is what the first load is for.
        slot("finance", "mf-finance", "RepaymentEstimate", "aside", undefined, "interaction"),
        slot("enquiry", "mf-forms", "EnquiryForm", "aside", { kind: "enquiry" }, "interaction"),
      ],
    },
  },
  { pattern: new RegExp(`^/our-location/${SLUG}/?$`), keys: ["location"], plan: locationsPlan("Our location", "location") },
  { pattern: new RegExp(`^/locations/${SLUG}/?$`), keys: ["location"], plan: locationsPlan("Location", "location") },
  { pattern: /^\/dealer-locator\/?$/, keys: [], plan: locationsPlan("Dealer locator") },
  // Finance tools (issue 12). /finance-enquiry and /apply-for-finance are the finance page under the names some sites
  // link to; their finance links' vehiclePriceBudget starts the calculator. The finance form (#finance-form) joins financePlan.
  { pattern: /^\/(?:finance|finance-enquiry|apply-for-finance)\/?$/, keys: [], plan: financePlan },
  { pattern: /^\/budget-finder\/?$/, keys: [], plan: { name: "budget-finder", title: "Find cars for your budget", slots: [slot("budget", "mf-finance", "BudgetFinder")] } },
  { pattern: /^\/shop-by-price\/?$/, keys: [], plan: { name: "price-slider", title: "Shop by price", slots: [slot("price-slider", "mf-finance", "PriceSlider")] } },
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
