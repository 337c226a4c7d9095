import type { FinanceProvider, SiteConfigOverride } from "@dealer/shared/config";
import type { SiteTemplate } from "@dealer/shared/contract";
import type { CatalogueKey } from "./catalogue";

export type AuState = "QLD" | "NSW" | "VIC" | "WA" | "SA";
export type Department = "sales" | "service" | "parts";

export const TIMEZONE_BY_STATE: Record<AuState, string> = {
  QLD: "Australia/Brisbane",
  NSW: "Australia/Sydney",
  VIC: "Australia/Melbourne",
  WA: "Australia/Perth",
  SA: "Australia/Adelaide",
};

export interface DemoLocationDef {
  name: string;
  departments: Department[];
  street: string;
  city: string;
  state: AuState;
  postcode: string;
  lat: number;
  long: number;
  phone: string;
  /** Open on Sundays (sales only). */
  sundayTrading?: boolean;
  /** Places this location delivers its cars to: the enquiry form asks which (spec §5). */
  distributionLocations?: string[];
}

export interface DemoDealershipDef {
  id: number;
  slug: string;
  name: string;
  /** Prefix of stock numbers, unique per site. */
  stockPrefix: string;
  vehicleCount: number;
  /** Makes sold new; used stock comes from the whole catalogue. */
  franchiseMakes: string[];
  /** Share of new, demo and used stock (sums to 1). */
  mix: { new: number; demo: number; used: number };
  /** Share of used stock that is certified. */
  certifiedShare: number;
  locations: DemoLocationDef[];
}

export interface DemoSiteDef {
  slug: string;
  name: string;
  template: SiteTemplate;
  domains: string[];
  catalogue: CatalogueKey;
  financeProvider: FinanceProvider;
  config: SiteConfigOverride;
  /**
   * How cars get a subscription price when the site sells subscriptions: drawn from the rng (the first site that did),
   * or chosen by index on a site that turned them on later, so its seeded stock stays as it was (ADR 0048).
   */
  subscriptionPick?: "draw" | "index";
  dealerships: DemoDealershipDef[];
}

const ALL_USED = { new: 0, demo: 0, used: 1 };

export const DEMO_SITES: DemoSiteDef[] = [
  {
    slug: "harbour-city-motors",
    name: "Harbour City Motors",
    template: "car-dealer",
    domains: ["harbourcitymotors.com.au", "www.harbourcitymotors.com.au"],
    catalogue: "cars",
    financeProvider: "taurus",
    config: {
      theme: { primary: "#0b5e7e", accent: "#f2a900", text: "#1b1b1b", logoText: "Harbour City Motors", logoUrl: "/cdn/image/width=320,quality=75/site/logos/harbour-city-motors.svg", font: "humanist", corners: "round" },
      // The Taurus-type lender: its establishment fee, a $5,000 minimum price and rates of 7.5-14.5%.
      finance: { provider: "taurus", establishmentFee: 1360.5, calculator: { priceMin: 5000, rateMin: 7.5, rateMax: 14.5 } },
      // The dealer's own delivery charge, added to prices that exclude government charges (issue 34).
      driveAway: { deliveryCharge: 995 },
      // The sidebar chat (ADR 0049) on a single dealer's site ...
      features: { subscriptions: true, autograb: true, autogauge: true, saveValuationColumn: true, instantMessage: true },
      // A Toyota franchise: its certified used Toyotas get the certified-brand dialog.
      vehicle: { certifiedManufacturer: "Toyota" },
    },
    dealerships: [
      {
        id: 1,
        slug: "harbour-city-motors",
        name: "Harbour City Motors",
        stockPrefix: "HCM",
        vehicleCount: 480,
        franchiseMakes: ["Toyota", "Mazda", "Hyundai", "Kia"],
        mix: { new: 0.35, demo: 0.15, used: 0.5 },
        certifiedShare: 0.2,
        locations: [
          {
            name: "Harbour City Motors Newstead",
            departments: ["sales"],
            street: "60 Breakfast Creek Road",
            city: "Newstead",
            state: "QLD",
            postcode: "4006",
            lat: -27.4457,
            long: 153.0464,
            phone: "07 3252 1100",
            sundayTrading: true,
          },
          {
            name: "Harbour City Motors Service Centre",
            departments: ["service", "parts"],
            street: "17 Campbell Street",
            city: "Bowen Hills",
            state: "QLD",
            postcode: "4006",
            lat: -27.4449,
            long: 153.0379,
            phone: "07 3252 1150",
          },
        ],
      },
    ],
  },
  {
    slug: "summit-auto-group",
    name: "Summit Auto Group",
    template: "dealer-group",
    domains: ["summitautogroup.com.au"],
    catalogue: "cars",
    financeProvider: "finance360",
    config: {
      theme: { primary: "#1c2b4a", accent: "#c8102e", text: "#14161a", logoText: "Summit Auto Group", logoUrl: "/cdn/image/width=320,quality=75/site/logos/summit-auto-group.svg", font: "system", corners: "square", density: "compact" },
      // The group's lenders' comparison-rate range, and one dealership's fee list (ADR 0038); spec §5's excluded
      // dealerships: the group's Adelaide Kia dealership shows no finance.
      finance: {
        provider: "finance360",
        defaultInterestRate: 8.5,
        excludedDealerships: ["summit-kia-adelaide"],
        comparisonRateRange: { from: 8.38, to: 19.42 },
        dealershipCopy: {
          "summit-hyundai-dandenong": {
            fees: [
              { label: "Establishment fee", amount: 395, monthly: false },
              { label: "PPSR registration", amount: 6, monthly: false },
              { label: "Account-keeping fee", amount: 8, monthly: true },
              { label: "Dealer origination fee", amount: 912.25, monthly: false },
            ],
            offer: null,
          },
        },
      },
      // The group pays for the Autogauge plugin: the price comparison shows on its cars (ADR 0039).
      // ... and on a group's, where each car's own dealership answers.
      // Stored YouX-style quotes on a second site (ADR 0048): the figure of a car without the lender's, such as the
      // excluded Adelaide Kia dealership's.
      features: { brandsPage: true, statisticsBanner: true, salesCounter: true, showLicenceNumber: true, autogauge: true, youxQuote: true, instantMessage: true },
      forms: { termsRequired: true },
      // The group's dealership that hides the favourite button (forms-locations-finance §4).
      vehicle: { favouriteHiddenDealerships: ["summit-kia-adelaide"] },
      reviews: { hiddenNames: ["Sam Jones", "Alex Reid"] },
      home: {
        sections: ["salesCounter", "statistics", "promotions", "bodyTypes", "featuredStock", "locations", "reviews", "blog"],
        heroText: "Five dealerships, ten locations, one group.",
        // The group's taller promotions variant.
        promotionsHeight: 720,
      },
      // The header-menu variant: dropdowns that also open on hover.
      navigation: {
        openOnHover: true,
        links: [
          { label: "Home", href: "/" },
          {
            label: "Vehicles",
            href: "/search",
            children: [
              { label: "New cars", href: "/search/new-cars" },
              { label: "Used cars", href: "/search/used-cars" },
              { label: "Demo cars", href: "/search/demo-cars" },
              { label: "Our brands", href: "/brands" },
            ],
          },
          { label: "Our Stock", href: "/search/new-used-and-demo-cars" },
          { label: "Offers", href: "/special-offers" },
          {
            label: "Service and Parts",
            href: "/service",
            children: [
              { label: "Book a Service", href: "/service" },
              { label: "Parts and Accessories", href: "/vehicle-parts-and-accessories" },
              { label: "Capped Price Servicing", href: "/capped-price-servicing" },
              { label: "Roadside Assist", href: "/roadside-assist" },
            ],
          },
          { label: "Finance", href: "/finance" },
          {
            label: "More",
            href: "/about-us",
            children: [
              { label: "About Us", href: "/about-us" },
              { label: "Dealer Locator", href: "/dealer-locator" },
              { label: "Sell My Car", href: "/sell-my-car" },
              { label: "Fleet", href: "/fleet" },
              { label: "Careers", href: "/careers" },
              { label: "Reviews", href: "/pages/reviews" },
              { label: "Blog", href: "/blog" },
              { label: "Contact Us", href: "/contact-us" },
            ],
          },
        ],
        phones: [
          { label: "Summit Toyota Brisbane", number: "07 3347 2200" },
          { label: "Summit Mazda Parramatta", number: "02 9630 4400" },
          { label: "Summit Hyundai Dandenong", number: "03 9794 3300" },
          { label: "Summit Ford Osborne Park", number: "08 9441 2500" },
          { label: "Summit Kia Adelaide", number: "08 8211 7400" },
        ],
        footerGroups: [
          {
            heading: "Vehicles",
            links: [
              { label: "New cars", href: "/search/new-cars" },
              { label: "Used cars", href: "/search/used-cars" },
              { label: "Demo cars", href: "/search/demo-cars" },
              { label: "Our brands", href: "/brands" },
            ],
          },
          {
            heading: "Models",
            links: [
              { label: "Toyota", href: "/toyota/overview" },
              { label: "Mazda", href: "/mazda/overview" },
              { label: "Hyundai", href: "/hyundai/overview" },
              { label: "Ford", href: "/ford/overview" },
              { label: "Kia", href: "/kia/overview" },
            ],
          },
          {
            heading: "Buyer Tools",
            links: [
              { label: "Finance", href: "/finance" },
              { label: "Trade In", href: "/trade-in" },
              { label: "Sell My Car", href: "/sell-my-car" },
              { label: "Book a Test Drive", href: "/book-test-drive" },
            ],
          },
          {
            heading: "Servicing and Parts",
            links: [
              { label: "Book a Service", href: "/service" },
              { label: "Parts", href: "/vehicle-parts-and-accessories" },
              { label: "Warranty", href: "/warranty" },
              { label: "Diamond Advantage", href: "/diamond-advantage" },
            ],
          },
          {
            heading: "Summit Auto Group",
            links: [
              { label: "About Us", href: "/about-us" },
              { label: "Dealer Locator", href: "/dealer-locator" },
              { label: "Careers", href: "/careers" },
              { label: "Fleet", href: "/fleet" },
              { label: "Privacy Policy", href: "/privacy-policy" },
              { label: "Terms and Conditions", href: "/terms-and-conditions" },
            ],
          },
        ],
      },
    },
    dealerships: [
      summitDealership(11, "summit-toyota-brisbane", "Summit Toyota Brisbane", "STB", "Toyota", [
        loc("Summit Toyota Brisbane", ["sales", "service", "parts"], "1480 Logan Road", "Mount Gravatt", "QLD", "4122", -27.5391, 153.0809, "07 3347 2200", true),
        loc("Summit Toyota Capalaba", ["sales", "service"], "2 Old Cleveland Road", "Capalaba", "QLD", "4157", -27.5247, 153.1927, "07 3245 0900"),
      ]),
      summitDealership(12, "summit-mazda-parramatta", "Summit Mazda Parramatta", "SMP", "Mazda", [
        loc("Summit Mazda Parramatta", ["sales", "service", "parts"], "100 Church Street", "Parramatta", "NSW", "2150", -33.8222, 151.0033, "02 9630 4400", true),
        loc("Summit Mazda Penrith", ["sales"], "55 Mulgoa Road", "Penrith", "NSW", "2750", -33.7563, 150.6843, "02 4721 8800"),
      ]),
      summitDealership(13, "summit-hyundai-dandenong", "Summit Hyundai Dandenong", "SHD", "Hyundai", [
        loc("Summit Hyundai Dandenong", ["sales", "service", "parts"], "2 Princes Highway", "Dandenong", "VIC", "3175", -37.9808, 145.2001, "03 9794 3300"),
        loc("Summit Hyundai Berwick", ["sales", "service"], "80 Clyde Road", "Berwick", "VIC", "3806", -38.0333, 145.3502, "03 9707 1100"),
      ]),
      summitDealership(14, "summit-ford-osborne-park", "Summit Ford Osborne Park", "SFO", "Ford", [
        loc("Summit Ford Osborne Park", ["sales", "service", "parts"], "386 Scarborough Beach Road", "Osborne Park", "WA", "6017", -31.9012, 115.8103, "08 9441 2500"),
        loc("Summit Ford Midland", ["sales"], "20 Great Eastern Highway", "Midland", "WA", "6056", -31.8896, 116.0098, "08 9274 6600"),
      ]),
      summitDealership(15, "summit-kia-adelaide", "Summit Kia Adelaide", "SKA", "Kia", [
        loc("Summit Kia Adelaide", ["sales", "service", "parts"], "25 West Terrace", "Adelaide", "SA", "5000", -34.9275, 138.5909, "08 8211 7400"),
        // A location without a phone (issue 22: the spec's 'No phone number found' row).
        loc("Summit Kia Port Adelaide", ["service", "parts"], "5 Commercial Road", "Port Adelaide", "SA", "5015", -34.8463, 138.5035, ""),
      ]),
    ],
  },
  {
    slug: "metro-certified",
    name: "Metro Certified Pre-Owned",
    template: "used-only",
    domains: ["metrocertified.com.au"],
    catalogue: "cars",
    financeProvider: "carclarity",
    subscriptionPick: "index",
    config: {
      theme: { primary: "#2e7d32", accent: "#ffb300", text: "#1b1b1b", logoText: "Metro Certified", header: "light", corners: "soft" },
      // The lite (used-only) dealership's finance copy (ADR 0038).
      finance: { provider: "carclarity", dealershipCopy: { "metro-certified": { fees: [], offer: { rate: 6.29, comparisonRate: 8.19, termYears: 5, deposit: 0 } } } },
      // Cars without a YouX-style quote ask for one on the vehicle page.
      // Subscriptions on a second site (ADR 0048), chosen by index: the seeded stock is otherwise unchanged.
      features: { youxQuote: true, autogauge: true, autograb: true, subscriptions: true },
      // Search preset 3 (ADR 0025), certified used, the same stock its used-only and certified-only switches keep.
      search: { usedOnly: true, certifiedOnly: true, preset: 3, priceAscendingNeedsPrice: true },
      // The one dealer whose closed weekend days read as an 'Enquire Now' link.
      labels: { weekendClosedStyle: "enquireLink" },
      vehicle: { defaultViewerMode: "gallery" },
      // The dealership with used-car return terms shown at checkout.
      reserve: { returnTerms: { "metro-certified": { days: 14, maxKm: 500, minFuel: "a quarter tank" } } },
    },
    dealerships: [
      {
        id: 21,
        slug: "metro-certified",
        name: "Metro Certified Pre-Owned",
        stockPrefix: "MCP",
        vehicleCount: 380,
        franchiseMakes: [],
        mix: ALL_USED,
        certifiedShare: 0.7,
        locations: [
          loc("Metro Certified Alexandria", ["sales", "service"], "120 O'Riordan Street", "Alexandria", "NSW", "2015", -33.9106, 151.1903, "02 9317 5500"),
        ],
      },
    ],
  },
  {
    slug: "ridge-motorcycles",
    name: "Ridge Motorcycles",
    template: "motorcycle",
    domains: ["ridgemotorcycles.com.au"],
    catalogue: "motorcycles",
    financeProvider: "angle",
    config: {
      theme: { primary: "#212121", accent: "#ff6f00", text: "#111111", logoText: "Ridge Motorcycles", font: "open-sans", corners: "square" },
      // The Angle-type lender lends at 4-20%.
      finance: { provider: "angle", financePath: "/finance-enquiry", calculator: { rateMin: 4, rateMax: 20 } },
      labels: { enquireButton: "Message Now" },
      // This dealer takes online reservations from signed-in shoppers only; its brands page lists its makes (ADR 0031).
      features: { checkoutGated: true, brandsPage: true },
    },
    dealerships: [
      {
        id: 31,
        slug: "ridge-motorcycles",
        name: "Ridge Motorcycles",
        stockPrefix: "RMC",
        vehicleCount: 260,
        franchiseMakes: ["Yamaha", "Kawasaki", "KTM", "Triumph"],
        mix: { new: 0.45, demo: 0.1, used: 0.45 },
        certifiedShare: 0,
        locations: [
          {
            ...loc("Ridge Motorcycles Ringwood", ["sales", "service", "parts"], "45 Maroondah Highway", "Ringwood", "VIC", "3134", -37.8136, 145.2272, "03 9870 4400"),
            distributionLocations: ["Bendigo showroom", "Geelong showroom"],
          },
        ],
      },
    ],
  },
  {
    slug: "outback-trucks",
    name: "Outback Trucks",
    template: "truck",
    domains: ["outbacktrucks.com.au"],
    catalogue: "trucks",
    // The Nissan-type lender (spec §5: price above 500, in stock, a monthly payment): monthly figures (ADR 0038), which
    // the weekly repayment filter reads over 4.33 weeks (ADR 0048). Powertorque's rule is Angle's (Ridge Motorcycles).
    financeProvider: "nissan",
    config: {
      theme: { primary: "#5d4037", accent: "#fbc02d", text: "#1b1b1b", logoText: "Outback Trucks", font: "serif", density: "airy", corners: "square" },
      driveAway: { deliveryCharge: 2500 },
      // Trucks cost more than cars: the calculator takes up to $1,000,000, so the $300,000-$800,000 quick picks fit (ADR 0038).
      // Spec §5's excluded manufacturer: no finance shown on its trucks.
      finance: {
        provider: "nissan",
        financePath: "/apply-for-finance",
        excludedManufacturers: ["Hino"],
        calculator: { priceMax: 1_000_000, depositMax: 1_000_000, residualMax: 1_000_000 },
      },
      budget: { moneyInputMin: 300000, moneyInputMax: 800000 },
      // Search preset 6 (ADR 0025): only trucks in the yard now, no coming-soon or just-sold ones.
      search: { priceSliderMax: 400000, preset: 6 },
    },
    dealerships: [
      {
        id: 41,
        slug: "outback-trucks",
        name: "Outback Trucks",
        stockPrefix: "OBT",
        vehicleCount: 220,
        franchiseMakes: ["Isuzu", "Hino", "Fuso"],
        mix: { new: 0.4, demo: 0.1, used: 0.5 },
        certifiedShare: 0,
        locations: [
          // A yard that delivers to regional depots: its cars' enquiry forms ask where to deliver.
          {
            ...loc("Outback Trucks Welshpool", ["sales", "service", "parts"], "1200 Albany Highway", "Welshpool", "WA", "6106", -31.9915, 115.9475, "08 9358 7700"),
            distributionLocations: ["Kalgoorlie depot", "Karratha depot", "Geraldton depot"],
          },
          loc("Outback Trucks Townsville", ["sales", "service"], "380 Ingham Road", "Garbutt", "QLD", "4814", -19.2643, 146.7786, "07 4779 2200"),
        ],
      },
    ],
  },
  {
    slug: "coastal-caravans",
    name: "Coastal Caravans",
    template: "caravan",
    domains: ["coastalcaravans.com.au"],
    catalogue: "caravans",
    financeProvider: "ausloans",
    config: {
      theme: { primary: "#006d77", accent: "#ff7f51", text: "#1b1b1b", logoText: "Coastal Caravans", header: "light", font: "humanist", corners: "round", density: "airy" },
      finance: { provider: "ausloans" },
      vehicle: { defaultViewerMode: "gallery" },
      // The full-height promotions variant (1920x1080).
      home: { promotionsHeight: 1080 },
      // Stock pages under /used-car in place of /search (spec §2.2: some sites use /used-car/...).
      search: { landingBase: "/used-car" },
      // A second template whose forms ask the shopper to agree to the terms (spec §5), beside the dealer group.
      forms: { termsRequired: true },
    },
    dealerships: [
      {
        id: 51,
        slug: "coastal-caravans",
        name: "Coastal Caravans",
        stockPrefix: "CCV",
        // Over the 1,999 count cap (spec §9) once sold, coming-soon and hidden vans are left out: /used-car lists about
        // 2,080, so the shown count is the per-type facet total.
        vehicleCount: 2300,
        franchiseMakes: ["Jayco", "Lotus Caravans", "New Age"],
        mix: { new: 0.5, demo: 0.05, used: 0.45 },
        certifiedShare: 0,
        locations: [
          loc("Coastal Caravans Newcastle", ["sales", "service", "parts"], "215 Maitland Road", "Mayfield", "NSW", "2304", -32.8975, 151.7361, "02 4967 3300", true),
        ],
      },
    ],
  },
];

function loc(
  name: string,
  departments: Department[],
  street: string,
  city: string,
  state: AuState,
  postcode: string,
  lat: number,
  long: number,
  phone: string,
  sundayTrading = false,
): DemoLocationDef {
  return { name, departments, street, city, state, postcode, lat, long, phone, sundayTrading };
}

function summitDealership(
  id: number,
  slug: string,
  name: string,
  stockPrefix: string,
  make: string,
  locations: DemoLocationDef[],
): DemoDealershipDef {
  return {
    id,
    slug,
    name,
    stockPrefix,
    vehicleCount: 230,
    franchiseMakes: [make],
    mix: { new: 0.4, demo: 0.15, used: 0.45 },
    certifiedShare: 0.25,
    locations,
  };
}
