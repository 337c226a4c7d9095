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
  // Before /cars/{slug}: 'trade-in' is not a car.
  { pattern: /^\/cars\/trade-in\/?$/, keys: [], plan: formPlan("Trade-in valuation", "trade_in") },
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
  { pattern: /^\/finance\/?$/, keys: [], plan: { name: "finance", title: "Finance", slots: [slot("finance", "mf-finance", "RepaymentEstimate")] } },
  // Lead forms (mf-forms EnquiryForm; `kind` names the form variant, ?car_id ties it to a car).
  { pattern: /^\/book-test-drive\/?$/, keys: [], plan: formPlan("Book a test drive", "test_drive") },
  { pattern: /^\/trade-in\/?$/, keys: [], plan: formPlan("Trade-in valuation", "trade_in") },
  { pattern: /^\/(?:sell-my-car|sell-your-car)\/?$/, keys: [], plan: formPlan("Sell my car", "sell_my_car") },
  { pattern: /^\/(?:finance-enquiry|apply-for-finance|personalised\/finance)\/?$/, keys: [], plan: formPlan("Finance enquiry", "finance_enquiry") },
  { pattern: /^\/service\/?$/, keys: [], plan: formPlan("Book a service", "service") },
  { pattern: /^\/vehicle-parts-and-accessories\/?$/, keys: [], plan: formPlan("Parts and accessories", "parts") },
  { pattern: /^\/fleet\/?$/, keys: [], plan: formPlan("Fleet", "fleet") },
  { pattern: /^\/careers\/?$/, keys: [], plan: formPlan("Careers", "careers") },
  { pattern: /^\/(?:contact|contact-us)\/?$/, keys: [], plan: formPlan("Contact us", "contact") },
  { pattern: new RegExp(`^/contact-us/${SLUG}/?$`), keys: ["location"], plan: { ...formPlan("Contact us", "contact"), requires: "location" } },
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
