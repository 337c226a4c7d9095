import type { SiteConfig } from "@dealer/shared/config";
import { CREDIT_CHECK_PATHS, DRIVE_AWAY_FORM_FIELDS, FINANCE_LINK_PARAMS, searchAddressKey } from "@dealer/shared/rules";
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
  /** What of the page's address (path, query and params) the fragment reads, when not all of it: its kept markup is keyed on that (ADR 0113). */
  addressKey?: (path: string, params: Readonly<Record<string, string>>) => string;
  /**
   * Every page param its fragment's load reads (ADR 0114): the gateway sends it these alone (beside the plan's own
   * `params`) and the path without its query, so its markup, and the key it is kept under, cannot depend on a
   * tracking parameter or anything else its plan does not name. Unset: the whole path and every param, as typed.
   */
  reads?: readonly string[];
};

/**
 * What a car page's plan depends on: sold, test-drive-only, whether a fuel cost calculator fits it (vehicle-type-parts),
 * and whether its site offers the sidebar chat (features.instantMessage, ADR 0049).
 */
export type PageCar = { sold: boolean; testDriveOnly: boolean; fuelCalculator: boolean; chat: boolean };

export type ShellPageName = "success" | "content" | "blog" | "blog-post" | "models";

/** Server-rendered shell parts a composed page places between its slots (no JavaScript). */
export type ShellPartName = "hero" | "statistics" | "promotions" | "body-types" | "blog-cards" | "brand-banner" | "brand-tiles" | "page-intro" | "model-accessories";

export type ShellPart = {
  name: ShellPartName;
  /** Written just before this slot; after the last main slot when unset. */
  before?: string;
};

export type RoutePlan = {
  name: string;
  title: string;
  /** The page's meta description (content pages replace it with their own). */
  description: string;
  slots: SlotPlan[];
  /** Shell-only pages render a shell component and no slots. */
  shellPage?: ShellPageName;
  /** Shell parts of a composed page, in page order among its slots. */
  parts?: ShellPart[];
  /** The page answers 404 unless this tenant has the car, location, brand, model or content its path names (or, for "brands", a brands page). */
  requires?: "car" | "location" | "brand" | "brands" | "model";
};

export type RouteMatch = { plan: RoutePlan; params: Record<string, string> };

const slot = (
  slot: string,
  remote: RemoteName,
  fragment: string,
  area: SlotPlan["area"] = "main",
  params?: Record<string, string>,
  options: { hydrate?: HydrateMode; when?: SlotPlan["when"]; fold?: SlotPlan["fold"]; reads?: SlotPlan["reads"] } = {},
): SlotPlan => ({
  slot,
  remote,
  fragment,
  area,
  ...(params ? { params } : {}),
  ...(options.hydrate ? { hydrate: options.hydrate } : {}),
  ...(options.when ? { when: options.when } : {}),
  ...(options.fold ? { fold: options.fold } : {}),
  ...(options.reads ? { reads: options.reads } : {}),
});

/** The search results (the search page, the offers list, the home page's carousel): kept by the search they show, not the address as typed. */
const searchSlot = (params?: Record<string, string>, options: Parameters<typeof slot>[5] = {}): SlotPlan => ({
  ...slot("search", "mf-search", "SearchResults", "main", params, options),
  addressKey: searchAddressKey,
});

/**
 * What a car page's fragments read of its params (ADR 0114), audited from each load: the car's slug, and
 * - VehicleDetail: the drive-away form's place, sent without JavaScript (view-model.ts `driveAwayPanel`);
 * - EstimatePanel and RepaymentCalculator: the finance link's budget and dealership (their branch without a car);
 * - EnquiryForm: the route's location (a location page's form) and every finance link parameter (load.server.ts).
 * The rest (VehicleInfo, PriceComparison, FuelCost, DeliveryCost, FinanceBox, SimilarVehicles, VehicleLocation,
 * InstantChat) read the slug alone. None reads the path.
 */
const CAR_READS = ["slug"] as const;
const VEHICLE_DETAIL_READS = [...CAR_READS, DRIVE_AWAY_FORM_FIELDS.state, DRIVE_AWAY_FORM_FIELDS.postcode];
const ESTIMATE_READS = [...CAR_READS, "vehiclePriceBudget"];
const CALCULATOR_READS = [...CAR_READS, "vehiclePriceBudget", "preferredDealership"];
const ENQUIRY_FORM_READS = [...CAR_READS, "location", ...FINANCE_LINK_PARAMS];

/** The slots of a plan for this page's car (a page without a car keeps every slot). */
export function slotsFor(plan: RoutePlan, car: PageCar | null): RoutePlan {
  return car ? { ...plan, slots: plan.slots.filter((slot) => !slot.when || slot.when(car)) } : plan;
}

/** Recently viewed cars (device-local, ADR 0018): far down the page, so it loads and hydrates on approach. */
const recentlyViewedSlot = slot("recently-viewed", "mf-vehicle", "RecentlyViewed", "main", undefined, { fold: "below" });

const searchPlan: RoutePlan = {
  name: "search",
  title: "Search stock",
  description: "Search our new, used and demo stock by make, model, body type and price.",
  slots: [searchSlot(), recentlyViewedSlot],
};
/** Special offers: the search page over cars with an offer price. */
const offersPlan: RoutePlan = {
  name: "special-offers",
  title: "Special offers",
  description: "This month's special offers on new, used and demo stock.",
  slots: [searchSlot({ list: "offers" })],
};
/** /our-location/{slug}, /locations/{slug}, /contact-us/{slug}: one location's page with the contact form. */
const locationDetailPlan = (title: string): RoutePlan => ({
  name: "location",
  title,
  description: "Address, opening hours, holiday hours, directions and reviews of this location.",
  requires: "location",
  slots: [slot("location", "mf-locations", "LocationDetail"), slot("enquiry", "mf-forms", "EnquiryForm", "aside", { kind: "contact" }, { hydrate: "interaction" })],
});
type FormPlanOptions = {
  /** The locations that handle it, listed under the form (loaded as the shopper nears them). */
  locations?: string;
  /** The department's service or parts directory (mf-search, ADR 0026). */
  directory?: "service" | "parts";
  /** A multi-step form: it collapses to its first step when it hydrates, so it hydrates at load, not under the shopper's hand. */
  steps?: true;
};
/**
 * A lead page: its intro, the form of that kind, and the locations that handle it. The form posts without a
 * script, so a single-step form's code loads on first use and the page's first load is the shell alone.
 */
const formPlan = (title: string, kind: string, description: string, options: FormPlanOptions = {}): RoutePlan => ({
  name: `form-${kind}`,
  title,
  description,
  parts: [{ name: "page-intro", before: "form" }],
  slots: [
    slot("form", "mf-forms", "EnquiryForm", "main", { kind }, options.steps ? {} : { hydrate: "interaction" }),
    // The directory's code loads on first use too.
    ...(options.directory ? [slot("directory", "mf-search", "DirectorySearch", "main", { department: options.directory }, { hydrate: "interaction" })] : []),
    ...(options.locations ? [slot("locations", "mf-locations", "LocationList", "main", { filter: options.locations, layout: "grid" }, { fold: "below" })] : []),
  ],
});
const contentPlan: RoutePlan = { name: "content", title: "", description: "", slots: [], shellPage: "content" };

/**
 * Every finance route (/finance, /finance-enquiry, /apply-for-finance: a site's financePath is one of them) is the
 * finance page with the finance enquiry form at #finance-form, so every finance button lands on the form, prefilled
 * from the link. Every slot hydrates on first use (the form is one step and posts without a script, ADR 0029): the
 * calculator's server markup shows its figure, and what a shopper types before its code arrives is taken up when it
 * does (ADR 0130), so hydrating it at load was a long task on a slow phone that nobody had asked for (issue 35).
 */
const financePlan: RoutePlan = {
  name: "finance",
  title: "Finance",
  description: "Estimate your repayments, find cars for your budget and apply for car finance.",
  // The page's <h1> is its intro.
  parts: [{ name: "page-intro", before: "finance" }],
  slots: [
    slot("finance", "mf-finance", "RepaymentCalculator", "main", undefined, { hydrate: "interaction" }),
    slot("estimate", "mf-finance", "EstimatePanel", "aside", undefined, { hydrate: "interaction" }),
    slot("finance-form", "mf-forms", "EnquiryForm", "main", { kind: "finance_enquiry" }, { hydrate: "interaction" }),
    slot("budget", "mf-finance", "BudgetFinder", "main", undefined, { hydrate: "interaction" }),
  ],
};
const financeEnquiryPlan: RoutePlan = { ...financePlan, name: "finance-enquiry", title: "Finance enquiry" };

/** Reserve online: the deposit, the shopper's details and on to the payment page; it posts without script. */
const checkoutPlan: RoutePlan = {
  name: "checkout",
  title: "Reserve online",
  description: "Reserve this vehicle online with a refundable deposit.",
  requires: "car",
  slots: [slot("checkout", "mf-forms", "Checkout", "main", undefined, { hydrate: "interaction" })],
};
const checkoutConfirmationPlan: RoutePlan = {
  name: "checkout-confirmation",
  title: "Your reservation",
  description: "Your vehicle reservation.",
  slots: [slot("checkout", "mf-forms", "Checkout", "main", { step: "confirmation" }, { hydrate: "interaction" })],
};

/**
 * `copy` gives a route param a second name a slot reads (the brand page's search reads `landing`). `query` names the
 * route param names this page reads from its query string (the reviews page's ?page= and ?location=).
 */
type Matcher = { pattern: RegExp; keys: string[]; plan: RoutePlan; copy?: Record<string, string>; query?: string[] };

const SLUG = "([a-z0-9][a-z0-9-]*)";

/** Home page sections the remotes render; the rest are shell parts. */
const HOME_SLOTS: Partial<Record<SiteConfig["home"]["sections"][number], SlotPlan>> = {
  salesCounter: slot("sales-counter", "mf-locations", "SalesCounter"),
  // Links only: server-rendered, its (tiny) code waits for a first touch.
  featuredStock: slot("featured-stock", "mf-search", "FeaturedStock", "main", undefined, { hydrate: "interaction", fold: "below" }),
  // Their buttons (hours, holiday hours, carousel, the reviews' terms) work once touched: a tap that beats the
  // code is held and replayed (ADR 0029), so the home page's first load is the shell and the first view's parts.
  locations: slot("locations", "mf-locations", "LocationList", "main", { layout: "block" }, { hydrate: "interaction" }),
  reviews: slot("reviews", "mf-locations", "ReviewsSummary", "main", undefined, { hydrate: "interaction" }),
};
const HOME_PARTS: Partial<Record<SiteConfig["home"]["sections"][number], ShellPartName>> = {
  statistics: "statistics",
  promotions: "promotions",
  bodyTypes: "body-types",
  blog: "blog-cards",
};

/** The home page from the site's sections: hero first, then each section in the configured order. */
export function homePlan(config: SiteConfig): RoutePlan {
  const sections = config.home.sections.filter(
    (section) => (section !== "salesCounter" || config.features.salesCounter) && (section !== "statistics" || config.features.statisticsBanner),
  );
  const slots: SlotPlan[] = [];
  const pending: ShellPartName[] = ["hero"];
  const parts: ShellPart[] = [];
  for (const section of sections) {
    const remoteSlot = HOME_SLOTS[section];
    const part = HOME_PARTS[section];
    if (part) pending.push(part);
    if (!remoteSlot) continue;
    parts.push(...pending.splice(0).map((name) => ({ name, before: remoteSlot.slot })));
    slots.push(remoteSlot);
  }
  // Recently viewed closes the page, after every configured section.
  slots.push(recentlyViewedSlot);
  parts.push(...pending.map((name) => ({ name, before: recentlyViewedSlot.slot })));
  return {
    name: "home",
    title: "Home",
    description: "New, used and demo vehicles, finance, servicing and parts.",
    slots,
    parts,
  };
}

/** Every route the gateway composes, in match order; anything else is the tenant's 404. */
const matchers: Matcher[] = [
  { pattern: /^\/search\/?$/, keys: [], plan: searchPlan },
  // Landing paths: /search/used-cars, /search/{make}, /search/{make}/{model}, /search/{body}...
  { pattern: new RegExp(`^/search/${SLUG}(?:/${SLUG})?/?$`), keys: ["landing", "landingModel"], plan: searchPlan },
  { pattern: /^\/special-offers\/?$/, keys: [], plan: offersPlan },
  // Our Stock: every car the site lists (the search page under the header menu's name).
  { pattern: /^\/cars\/?$/, keys: [], plan: { ...searchPlan, name: "our-stock", title: "Our stock", description: "All our new, used and demo stock." } },
  // The parts results page: the parts directory's search (ADR 0026) on a page of its own.
  {
    pattern: /^\/parts\/search\/?$/,
    keys: [],
    plan: {
      name: "parts-search",
      title: "Parts search",
      description: "Search genuine parts and accessories and find the parts department that has them.",
      slots: [slot("directory", "mf-search", "DirectorySearch", "main", { department: "parts" })],
    },
  },
  // Before /cars/{slug}: 'trade-in' is not a car.
  { pattern: /^\/cars\/trade-in\/?$/, keys: [], plan: formPlan("Trade-in valuation", "trade_in", "Get a valuation for your trade-in.", { steps: true }) },
  {
    pattern: new RegExp(`^/cars/${SLUG}/?$`),
    keys: ["slug"],
    plan: {
      name: "vehicle",
      title: "Vehicle",
      description: "Photos, price, features and finance for this vehicle.",
      requires: "car",
      // Main slots top to bottom as a phone shows them; below-the-fold ones hydrate as the shopper nears them.
      slots: [
        slot("vehicle", "mf-vehicle", "VehicleDetail", "main", undefined, { reads: VEHICLE_DETAIL_READS }),
        // Server-only markup (ADR 0015): nothing to run, so its (empty) code waits for a first touch.
        slot("vehicle-info", "mf-vehicle", "VehicleInfo", "main", undefined, { hydrate: "interaction", fold: "below", reads: CAR_READS }),
        slot("price-comparison", "mf-vehicle", "PriceComparison", "main", undefined, { fold: "below", reads: CAR_READS }),
        slot("estimate", "mf-finance", "EstimatePanel", "main", undefined, { fold: "below", when: (car) => !car.sold, reads: ESTIMATE_READS }),
        slot("calculator", "mf-finance", "RepaymentCalculator", "main", undefined, { fold: "below", when: (car) => !car.sold, reads: CALCULATOR_READS }),
        slot("fuel-cost", "mf-vehicle", "FuelCost", "main", undefined, { fold: "below", when: (car) => car.fuelCalculator, reads: CAR_READS }),
        slot("delivery-cost", "mf-vehicle", "DeliveryCost", "main", undefined, { fold: "below", when: (car) => !car.sold, reads: CAR_READS }),
        // More photos on request (spec §5): the hidden request text and an optional message; its code loads on first use.
        slot("photo-request", "mf-forms", "EnquiryForm", "main", { kind: "photo_request" }, { hydrate: "interaction", fold: "below", when: (car) => !car.sold, reads: ENQUIRY_FORM_READS }),
        slot("similar", "mf-search", "SimilarVehicles", "main", undefined, { fold: "below", reads: CAR_READS }),
        slot("vehicle-location", "mf-locations", "VehicleLocation", "main", undefined, { fold: "below", reads: CAR_READS }),
        // The sidebar tools hydrate on first use: the vehicle is what the first load is for.
        // Sold cars get no finance box or calculator; their enquiry asks for a similar car (mf-forms decides).
        slot("finance", "mf-finance", "FinanceBox", "aside", undefined, { hydrate: "interaction", when: (car) => !car.sold, reads: CAR_READS }),
        slot("enquiry", "mf-forms", "EnquiryForm", "aside", { kind: "enquiry" }, { hydrate: "interaction", when: (car) => !car.testDriveOnly, reads: ENQUIRY_FORM_READS }),
        // Test-drive-only cars take bookings instead; the same slot id keeps the page's #slot-enquiry anchor.
        slot("enquiry", "mf-forms", "EnquiryForm", "aside", { kind: "test_drive" }, { hydrate: "interaction", when: (car) => car.testDriveOnly, reads: ENQUIRY_FORM_READS }),
        // Instant-message chat where the site offers it: a heading and a button until the shopper touches it.
        slot("chat", "mf-forms", "InstantChat", "aside", undefined, { hydrate: "interaction", when: (car) => car.chat, reads: CAR_READS }),
      ],
    },
  },
  // Reserve and buy online (mf-forms Checkout, ADR 0019); /checkout-journey names the car by ?car_id.
  { pattern: new RegExp(`^/cars/${SLUG}/(?:checkout|buy-online)/?$`), keys: ["slug"], plan: checkoutPlan },
  { pattern: /^\/checkout-journey\/?$/, keys: [], plan: checkoutPlan, copy: { slug: "car_id" } },
  { pattern: /^\/checkout\/confirmation\/?$/, keys: [], plan: checkoutConfirmationPlan },
  // The printable vehicle page (/print?car_id={slug}); the car's slug comes from the query.
  {
    pattern: /^\/print\/?$/,
    keys: [],
    copy: { slug: "car_id" },
    plan: {
      name: "print",
      title: "Print",
      description: "A printable page of this vehicle.",
      requires: "car",
      slots: [slot("print", "mf-vehicle", "VehiclePrint")],
    },
  },
  { pattern: new RegExp(`^/our-location/${SLUG}/?$`), keys: ["location"], plan: locationDetailPlan("Our location") },
  { pattern: new RegExp(`^/locations/${SLUG}/?$`), keys: ["location"], plan: locationDetailPlan("Location") },
  { pattern: new RegExp(`^/contact-us/${SLUG}/?$`), keys: ["location"], plan: locationDetailPlan("Contact us") },
  {
    pattern: /^\/dealer-locator\/?$/,
    keys: [],
    plan: {
      name: "locations",
      title: "Dealer locator",
      description: "Find a dealership near you by postcode, state or department, with opening hours and directions.",
      parts: [{ name: "page-intro", before: "locations" }],
      slots: [slot("locations", "mf-locations", "LocationList", "main", { layout: "grid", locator: "true" })],
    },
  },
  // Finance tools: the calculator page, and under the finance links' names the same page with the finance form.
  { pattern: /^\/finance\/?$/, keys: [], plan: financePlan },
  { pattern: /^\/(?:finance-enquiry|apply-for-finance|personalised\/finance)\/?$/, keys: [], plan: financeEnquiryPlan },
  // Know your credit score (equifax-style finance, gated: gateFor): a finance enquiry with consent to a credit check.
  {
    pattern: new RegExp(`^(?:${CREDIT_CHECK_PATHS.join("|")})/?$`),
    keys: [],
    plan: formPlan("Know your credit score", "credit_check", "Check where your credit stands before you apply: our finance team gets your credit report with your consent and calls you."),
  },
  { pattern: /^\/budget-finder\/?$/, keys: [], plan: { name: "budget-finder", title: "Find cars for your budget", description: "Find cars whose repayments fit your budget.", parts: [{ name: "page-intro", before: "budget" }], slots: [slot("budget", "mf-finance", "BudgetFinder")] } },
  { pattern: /^\/shop-by-price\/?$/, keys: [], plan: { name: "price-slider", title: "Shop by price", description: "Choose a price range and see the cars in it.", parts: [{ name: "page-intro", before: "price-slider" }], slots: [slot("price-slider", "mf-finance", "PriceSlider")] } },
  // Lead forms (mf-forms EnquiryForm; `kind` names the form variant, ?car_id ties it to a car).
  { pattern: /^\/book-test-drive\/?$/, keys: [], plan: formPlan("Book a test drive", "test_drive", "Book a test drive at a time that suits you.") },
  { pattern: /^\/trade-in\/?$/, keys: [], plan: formPlan("Trade-in valuation", "trade_in", "Get a valuation for your trade-in.", { steps: true }) },
  { pattern: /^\/contact\/?$/, keys: [], plan: formPlan("Contact us", "contact", "Send us an enquiry, call us or visit one of our locations.") },
  { pattern: /^\/contact-us\/?$/, keys: [], plan: formPlan("Contact us", "contact", "Send us an enquiry, call us or visit one of our locations.", { locations: "all" }) },
  { pattern: /^\/(?:service|pages\/book-a-service)\/?$/, keys: [], plan: formPlan("Book a service", "service", "Book your vehicle in for a service with our factory-trained technicians.", { locations: "service", directory: "service" }) },
  {
    pattern: /^\/(?:vehicle-parts-and-accessories|pages\/parts-accessories)\/?$/,
    keys: [],
    plan: formPlan("Parts and accessories", "parts", "Genuine parts and accessories, ordered and fitted by our parts team.", { locations: "parts", directory: "parts" }),
  },
  { pattern: /^\/(?:sell-my-car|sell-your-car)\/?$/, keys: [], plan: formPlan("Sell my car", "sell_my_car", "Get a fair price for your car, paid the same day.", { steps: true }) },
  { pattern: /^\/fleet\/?$/, keys: [], plan: formPlan("Fleet sales", "fleet", "Fleet pricing, servicing and finance for businesses of every size.") },
  { pattern: /^\/(?:careers|teams)\/?$/, keys: [], plan: formPlan("Careers", "careers", "Join our team: current roles in sales, service and parts.") },
  {
    pattern: /^\/pages\/reviews\/?$/,
    keys: [],
    query: ["page", "location"],
    plan: { name: "reviews", title: "Reviews", description: "What our customers say about us.", slots: [slot("reviews", "mf-locations", "ReviewsSummary", "main", { view: "page" })] },
  },
  {
    pattern: /^\/brands\/?$/,
    keys: [],
    plan: {
      name: "brands",
      title: "Our brands",
      description: "The brands and models we sell: find one, or pick a brand below.",
      requires: "brands",
      parts: [{ name: "page-intro", before: "manufacturers" }, { name: "brand-tiles" }],
      // The manufacturer search (ADR 0031) answers its GET form on the server; its code loads on first use.
      slots: [slot("manufacturers", "mf-search", "ManufacturerSearch", "main", undefined, { hydrate: "interaction" })],
    },
  },
  {
    pattern: new RegExp(`^/${SLUG}/overview/?$`),
    keys: ["brand"],
    copy: { landing: "brand", manufacturer: "brand" },
    plan: {
      name: "brand",
      title: "Brand overview",
      description: "The brand's range, our stock of it and the locations that sell it.",
      requires: "brand",
      parts: [{ name: "brand-banner", before: "search" }],
      // The carousel scrolls and its cards are links without a script, and the locations read as they are: both
      // load their code on first use, and a tap before then is held and replayed (ADR 0029).
      slots: [
        searchSlot({ layout: "carousel" }, { hydrate: "interaction" }),
        slot("locations", "mf-locations", "LocationList", "main", { layout: "grid" }, { hydrate: "interaction" }),
      ],
    },
  },
  // The model range by body (ADR 0041): server-rendered tiles of the stock's models, no script.
  { pattern: /^\/models\/?$/, keys: [], plan: { name: "models", title: "Our models", description: "Our range of models in stock, by body type.", slots: [], shellPage: "models" } },
  // A model's accessories (ADR 0041): the parts directory and the parts form under the model's heading; both load their code on first use.
  {
    pattern: new RegExp(`^/${SLUG}/accessories/?$`),
    keys: ["model"],
    plan: {
      name: "model-accessories",
      title: "Accessories",
      description: "Genuine accessories for this model, ordered and fitted by our parts team.",
      requires: "model",
      parts: [{ name: "model-accessories", before: "directory" }],
      slots: [
        slot("directory", "mf-search", "DirectorySearch", "main", { department: "parts" }, { hydrate: "interaction" }),
        slot("form", "mf-forms", "EnquiryForm", "main", { kind: "parts" }, { hydrate: "interaction" }),
      ],
    },
  },
  // Favourites and compare: the device's lists, drawn by mf-vehicle (ADR 0018).
  {
    pattern: /^\/compare\/?$/,
    keys: [],
    plan: { name: "compare", title: "Compare cars", description: "The cars you chose, side by side.", slots: [slot("compare", "mf-vehicle", "ComparePage")] },
  },
  {
    pattern: /^\/favourites\/?$/,
    keys: [],
    plan: { name: "favourites", title: "Your favourites", description: "The cars you saved on this device.", slots: [slot("favourites", "mf-vehicle", "FavouritesPage")] },
  },
  { pattern: /^\/success\/?$/, keys: [], plan: { name: "success", title: "Thank you", description: "Your enquiry has been sent.", slots: [], shellPage: "success" } },
  { pattern: /^\/blog\/?$/, keys: [], plan: { name: "blog", title: "Blog", description: "News, tips and vehicle reviews.", slots: [], shellPage: "blog" } },
  {
    pattern: /^\/blog\/vehicle-reviews\/?$/,
    keys: [],
    plan: { name: "blog", title: "Vehicle reviews", description: "Our team's vehicle reviews.", slots: [], shellPage: "blog" },
  },
  { pattern: new RegExp(`^/blog/${SLUG}/?$`), keys: ["post"], plan: { name: "blog-post", title: "Blog", description: "", slots: [], shellPage: "blog-post" } },
  // Accounts (ADR 0016): sign-in by phone, the watchlist and My garage (gated: the gateway sends anonymous shoppers to sign-in).
  {
    pattern: /^\/sign-in\/?$/,
    keys: [],
    plan: { name: "sign-in", title: "Sign in", description: "Sign in with your mobile number.", slots: [slot("sign-in", "mf-forms", "SignIn", "main", undefined, { hydrate: "interaction" })] },
  },
  { pattern: /^\/watchlist\/?$/, keys: [], plan: { name: "watchlist", title: "My watchlist", description: "The cars you saved.", slots: [slot("garage", "mf-forms", "Garage", "main", { view: "watchlist" })] } },
  {
    // /my-garage and the brand-named garage pages (/toyota-garage): the same page.
    pattern: /^\/[a-z0-9-]*garage\/?$/,
    keys: [],
    plan: { name: "garage", title: "My garage", description: "Your watchlist, saved searches and enquiries.", slots: [slot("garage", "mf-forms", "Garage", "main", { view: "garage" })] },
  },
  // Gated (sign-in first, like My garage) and built on the platform (ADR 0040): a plain form post each, so their code loads on first use.
  {
    pattern: /^\/spin-to-win\/?$/,
    keys: [],
    plan: { name: "spin-to-win", title: "Spin to win", description: "Spin once for a prize: fuel vouchers, details and service offers.", slots: [slot("promotion", "mf-forms", "SpinToWin", "main", undefined, { hydrate: "interaction" })] },
  },
  {
    pattern: /^\/online-payment\/?$/,
    keys: [],
    plan: { name: "online-payment", title: "Online payment", description: "Pay a reservation or a service invoice online.", slots: [slot("payment", "mf-forms", "OnlinePayment", "main", undefined, { hydrate: "interaction" })] },
  },
  {
    // The one-tap unsubscribe of price-drop and sold alerts (the link in each text).
    pattern: /^\/pages\/unsubscribe\/?$/,
    keys: [],
    plan: { name: "unsubscribe", title: "Unsubscribe", description: "Stop price-drop and sold alerts.", slots: [slot("unsubscribe", "mf-forms", "Unsubscribe", "main", undefined, { hydrate: "interaction" })] },
  },
  // Content pages (/about-us, /pages/warranty, /twg-cars...): the site's own or the platform's default page, else 404.
  { pattern: new RegExp(`^/${SLUG}(?:/${SLUG})?/?$`), keys: ["page", "subpage"], plan: contentPlan },
];

/** Every name a route takes from its path (or copies into), and the landing base's own two. */
export const ROUTE_PARAM_NAMES: ReadonlySet<string> = new Set([...matchers.flatMap((m) => [...m.keys, ...Object.keys(m.copy ?? {})]), "landing", "landingModel"]);

/**
 * The query's values, less any named like a route param (issue 33): `?slug=`, `?location=` or `?landing=` would
 * otherwise stand in for a value the path did not give (`/search?landing=x`) or name a car or location the page is
 * not about, and its slots could not render. A page that reads one of those names from its query lists it in `query`.
 */
const queryParams = (url: URL, allowed: readonly string[] = []): Record<string, string> =>
  Object.fromEntries([...url.searchParams].filter(([name]) => !ROUTE_PARAM_NAMES.has(name) || allowed.includes(name)));

/** Path + query -> the route's plan and its params (route params win: the query never names one, ROUTE_PARAM_NAMES). */
export function matchRoute(url: URL, config: SiteConfig): RouteMatch | null {
  if (url.pathname === "/") return { plan: homePlan(config), params: queryParams(url) };
  // A site whose landing base is not /search (/used-car): its stock pages follow {base}, {base}/{landing}, {base}/{make}/{model}.
  const base = config.search.landingBase;
  if (base !== "/search") {
    const found = new RegExp(`^${base}(?:/${SLUG}(?:/${SLUG})?)?/?$`).exec(url.pathname);
    if (found) {
      const params = queryParams(url);
      if (found[1]) params.landing = found[1];
      if (found[2]) params.landingModel = found[2];
      return { plan: searchPlan, params };
    }
  }
  for (const { pattern, keys, plan, copy, query } of matchers) {
    const found = pattern.exec(url.pathname);
    if (!found) continue;
    const params = queryParams(url, query);
    keys.forEach((key, index) => {
      const value = found[index + 1];
      if (value) params[key] = value;
    });
    for (const [to, from] of Object.entries(copy ?? {})) if (params[from]) params[to] = params[from];
    return { plan, params };
  }
  return null;
}
