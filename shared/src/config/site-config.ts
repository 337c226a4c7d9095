import { z } from "zod";
import { maxList, maxMap, maxText, numberIn } from "../contract/limits";
import { FINANCE_ROUTES } from "../rules/finance-link";
import { secretSlotSchema } from "../secrets/slot-name";
import { driveAwayRatesSchema } from "./drive-away-rates";
import { stockCsvMappingSchema } from "./stock-csv-mapping";

/**
 * contract/car's item types, restated: importing its schema here put the whole car schema into every shopper's
 * search bundle (the config module is on the client path). A test keeps the two lists equal.
 */
export const promoItemTypeSchema = z.enum(["car", "motorcycle", "truck", "caravan"]);

export const financeProviderSchema = z.enum([
  "taurus",
  "finance360",
  "ausloans",
  "angle",
  "powertorque",
  "nissan",
  "carclarity",
  "manual",
]);
export type FinanceProvider = z.infer<typeof financeProviderSchema>;

/**
 * Limits of a configuration's text, lists and figures (ADR 0058): every stored demo configuration sits well inside
 * them. A label is a button's, a heading's or a menu entry's words; a name a make's, a manufacturer's or a person's.
 */
export const CONFIG_LIMITS = {
  label: 100,
  name: 100,
  slug: 64,
  href: 500,
  longText: 500,
  stockNumber: 50,
  navLinks: 20,
  navChildren: 30,
  footerGroups: 10,
  footerLinks: 30,
  phones: 10,
  promoCards: 10,
  stockNumbers: 1000,
  names: 100,
  dealerships: 50,
  fees: 20,
  money: 10_000_000,
  percent: 100,
  years: 30,
  days: 3650,
} as const;
/** The override a dealer admin publishes or an operator's site file holds, as JSON (the largest demo one is 4 KB). */
export const CONFIG_OVERRIDE_MAX_BYTES = 16 * 1024;
const L = CONFIG_LIMITS;
const label = maxText(L.label);
const href = maxText(L.href);
const names = maxList(maxText(L.name), L.names);
const money = numberIn(0, L.money);

const navLinkSchema = z.object({ label, href }).strict();
/** A header entry: a link, or a dropdown of links (the header-menu variant's Vehicles, Service and Parts, More). */
const navItemSchema = z
  .object({ label, href, children: maxList(navLinkSchema, L.navChildren).optional() })
  .strict();
const footerGroupSchema = z.object({ heading: label, links: maxList(navLinkSchema, L.footerLinks) }).strict();

/**
 * Settings that once named a Worker env variable or held a key (ADR 0056): a setting that still uses one is refused
 * with the slot setting that replaced it, as migration 0031 renamed the stored ones.
 */
const RETIRED_SECRET_SETTINGS: Record<string, string> = {
  apiKeyEnv: "apiKeySlot",
  secretKeyEnv: "secretKeySlot",
  webhookSecretEnv: "webhookSecretSlot",
  placesApiKey: "placesApiKeySlot",
};
/** Other retired settings, with what replaced each (migration 0035 removed the stored ones). */
const RETIRED_SETTINGS: Record<string, string> = {
  tagBanner: "The car page's banner reads labels.justArrivedLabel, the card's tag, so both say the same (ADR 0062).",
};

/** Why an unknown setting is refused, when it is a retired setting; null for any other unknown key. */
export function retiredSettingMessage(key: string): string | null {
  const slot = RETIRED_SECRET_SETTINGS[key];
  if (slot) {
    return `Settings no longer name a Worker secret or hold a key: name one of this site's secret slots in ${slot} instead (the operator stores its value with npm run site -- secret).`;
  }
  return RETIRED_SETTINGS[key] ?? null;
}

/**
 * A card processor (ADR 0027): its name and public key; the secret key and webhook signing secret are two of the
 * site's secret slots (ADR 0056). No name: no online payment, except the local test processor under wrangler dev.
 */
const processorSchema = z
  .object({
    name: z.enum(["stripe", "test"]).nullable(),
    publicKey: z.string().min(1).max(200).nullable(),
    secretKeySlot: secretSlotSchema.nullable(),
    webhookSecretSlot: secretSlotSchema.nullable(),
  })
  .strict()
  .refine((processor) => processor.name !== "stripe" || (processor.publicKey && processor.secretKeySlot && processor.webhookSecretSlot), {
    message: "stripe needs publicKey, secretKeySlot and webhookSecretSlot",
  });

/**
 * Every per-dealer switch, label and threshold, with the spec's defaults.
 * A dealer's override is a deep partial of this; see resolveSiteConfig.
 */
export const siteConfigSchema = z
  .object({
    theme: z
      .object({
        primary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
        accent: z.string().regex(/^#[0-9a-fA-F]{6}$/),
        text: z.string().regex(/^#[0-9a-fA-F]{6}$/),
        logoText: label.nullable(),
        /** The dealer's logo (SVG or image; an https URL or a site path); null shows logoText (or the site's name). */
        logoUrl: z.string().regex(/^(https:\/\/|\/)[^\s"'<>]+$/).max(500).nullable(),
        /** A self-hosted or system font family (THEME_FONTS); no page asks a third party for a font. */
        font: z.enum(["system", "humanist", "serif", "open-sans"]),
        density: z.enum(["compact", "regular", "airy"]),
        corners: z.enum(["square", "soft", "round"]),
        /** The header on the brand colour, or white with the brand colour's text. */
        header: z.enum(["brand", "light"]),
      })
      .strict(),
    navigation: z
      .object({
        links: maxList(navItemSchema, L.navLinks),
        openOnHover: z.boolean(),
        /** Footer link groups; null gives the platform's groups built from the other settings. */
        footerGroups: maxList(footerGroupSchema, L.footerGroups).nullable(),
        /** Numbers in the phone menu; empty hides it. */
        phones: maxList(z.object({ label, number: maxText(30) }).strict(), L.phones),
      })
      .strict(),
    search: z
      .object({
        indexName: maxText(L.label),
        /** Numbered filter preset 0-14; null for none. */
        preset: z.number().int().min(0).max(14).nullable(),
        certifiedOnly: z.boolean(),
        usedOnly: z.boolean(),
        excludedStockNumbers: maxList(maxText(L.stockNumber), L.stockNumbers),
        excludedMakes: names,
        hitsPerPage: z.number().int().min(1).max(100),
        soldWindowDays: numberIn(0, L.days).int(),
        priceAscendingNeedsPrice: z.boolean(),
        priceSliderMax: money.positive(),
        /** Some sites use /used-car in place of /search for landing paths. */
        landingBase: maxText(L.slug).regex(/^\/[a-z0-9-]+$/),
        /** 'truck' maps to lightTruck, or to ute on some sites. */
        truckBodyMapsTo: z.enum(["lightTruck", "ute"]),
        /** Filter attributes a site shows beside make, model, certified, price, km and body. */
        extraFilters: maxList(
          z.enum(["car_type", "fuel", "transmission", "drive", "colour", "seats", "year", "city", "location_name", "dealership_name", "state"]),
          20,
        ),
        /** Promo cards among the first page of results (e.g. 'We Want Your Car'), at a 0-based card position. */
        promoCards: maxList(
          z
            .object({
              position: numberIn(0, 100).int(),
              title: label,
              text: maxText(L.longText),
              href,
              /** The vehicle types (a site's template) the card is for; every type when absent. */
              itemTypes: z.array(promoItemTypeSchema).min(1).optional(),
            })
            .strict(),
          L.promoCards,
        ),
      })
      .strict(),
    labels: z
      .object({
        justArrivedDays: numberIn(0, 365).int(),
        justArrivedLabel: label,
        soldLabel: label,
        noPriceText: label,
        enquireButton: label,
        submitText: label,
        weekendClosedText: label,
        /** A closed weekend day reads Closed, the weekend text, or an 'Enquire Now' link (one dealer). */
        weekendClosedStyle: z.enum(["closed", "text", "enquireLink"]),
        /** Budget finder's disabled button: 'No {carType}s found for this budget' or '0 {carType}s Found'. */
        budgetEmptyWording: z.enum(["noneFound", "zeroFound"]),
      })
      .strict(),
    features: z
      .object({
        subscriptions: z.boolean(),
        fuelTags: z.boolean(),
        garage: z.boolean(),
        autograb: z.boolean(),
        brandsPage: z.boolean(),
        statisticsBanner: z.boolean(),
        salesCounter: z.boolean(),
        showLicenceNumber: z.boolean(),
        phoneRevealed: z.boolean(),
        hideTwitterShare: z.boolean(),
        unregisteredText: z.boolean(),
        tradeInGated: z.boolean(),
        /** Checkout needs sign-in for some dealers. */
        checkoutGated: z.boolean(),
        youxQuote: z.boolean(),
        instantMessage: z.boolean(),
        /** Valuation result is saved with column_name 'valuation' on some sites. */
        saveValuationColumn: z.boolean(),
        /** Dealer plugins: Autogauge (price comparison), Car Analysis, PPSR Report. */
        autogauge: z.boolean(),
        carAnalysis: z.boolean(),
        ppsrReport: z.boolean(),
      })
      .strict(),
    vehicle: z
      .object({
        defaultViewerMode: z.enum(["spinner", "walkaround", "gallery", "interior"]),
        similarCarsCount: z.number().int().min(0).max(20),
        buttonSet: maxList(z.enum(["enquire", "history", "finance", "tradeIn", "reserve", "onlinePurchase"]), 12),
        checkoutPath: z.enum(["checkout", "buy-online"]),
        financeButtonLabel: z.enum(["Finance Enquiry", "Get Finance Quote"]),
        stockVideoPosition: z.enum(["start", "second", "middle", "end"]),
        spinAutoRotateMs: numberIn(1, 60_000).int(),
        /** Dealership slugs whose cars show no favourite button (one dealer group hides it for one dealership). */
        favouriteHiddenDealerships: maxList(maxText(L.slug), L.dealerships),
        /** The manufacturer whose certified pre-owned programme the certified-brand dialog presents; null: no dialog. */
        certifiedManufacturer: maxText(L.name).min(1).nullable(),
      })
      .strict(),
    finance: z
      .object({
        provider: financeProviderSchema,
        defaultInterestRate: z.number().min(0).max(30),
        excludedManufacturers: names,
        excludedDealerships: maxList(maxText(L.slug), L.dealerships),
        /** Where finance links go: one of the finance routes, each of which holds the enquiry form at #finance-form. */
        financePath: z.enum(FINANCE_ROUTES),
        /** Fee added to the amount financed (1360.5 for one lender). */
        establishmentFee: money,
        /** The range of comparison rates the dealer's lenders offer, stated in its finance copy (spec: 8.38% to 19.42%); null: none. */
        comparisonRateRange: z.object({ from: numberIn(0, L.percent), to: numberIn(0, L.percent) }).strict().nullable(),
        /**
         * A dealership's own finance copy, by dealership slug: its fee list (spec: 395, 6, 8 monthly and 912.25) and
         * an advertised offer (spec: a lite dealership's 6.29% p.a., comparison 8.19%, 5 years, no deposit).
         */
        dealershipCopy: maxMap(
          z
            .object({
              fees: maxList(z.object({ label: label.min(1), amount: money, monthly: z.boolean() }).strict(), L.fees),
              offer: z.object({ rate: numberIn(0, L.percent), comparisonRate: numberIn(0, L.percent), termYears: numberIn(0, L.years).positive(), deposit: money }).strict().nullable(),
            })
            .strict(),
          L.dealerships,
        ),
        /** Calculator input bounds; some lenders narrow or widen them. */
        calculator: z
          .object({
            priceMin: money,
            priceMax: money.positive(),
            termMinYears: numberIn(0, L.years).positive(),
            termMaxYears: numberIn(0, L.years).positive(),
            termStepYears: numberIn(0, L.years).positive(),
            rateMin: numberIn(0, L.percent),
            rateMax: numberIn(0, L.percent).positive(),
            rateStep: numberIn(0, L.percent).positive(),
            depositMax: money,
            residualMax: money,
          })
          .strict(),
      })
      .strict(),
    reserve: z
      .object({
        amount: money,
        /** Used-car return terms by dealership slug, for the dealerships that offer them. */
        returnTerms: maxMap(z.object({ days: numberIn(1, 365).int(), maxKm: numberIn(1, 1_000_000).int(), minFuel: label.min(1) }).strict(), L.dealerships),
        /** This dealer's card processor (ADR 0027); a dealership of a group may name its own below. */
        processor: processorSchema,
        /** Dealership slug -> that dealership's own processor, in place of the site's: the car's dealership decides (ADR 0030). */
        dealershipProcessors: z.record(z.string(), processorSchema),
      })
      .strict(),
    /**
     * Mail to shoppers (e-mail codes, price-drop and sold alerts, ADR 0030) through a transactional provider's
     * HTTP API: a JSON POST to `url` (one of the providers the operator allows, MAIL_PROVIDER_URLS) with the key in
     * the site's secret slot `apiKeySlot` (ADR 0056), sent from `from` (an address of the dealer's domain verified
     * with the provider). No provider: the local outbox, under
     * wrangler dev only. Dealer lead mail is not this (send_email, ADR 0021).
     */
    shopperEmail: z
      .object({
        provider: z.enum(["http"]).nullable(),
        url: z.url({ protocol: /^https?$/ }).max(2048).nullable(),
        apiKeySlot: secretSlotSchema.nullable(),
        from: z.string().min(3).max(320).nullable(),
      })
      .strict()
      .refine((mail) => mail.provider === null || (mail.url && mail.apiKeySlot && mail.from), { message: "an http mail provider needs url, apiKeySlot and from" }),
    forms: z
      .object({
        messageOptional: z.boolean(),
        termsRequired: z.boolean(),
        /**
         * Kept so stored configs still parse: every form that requires the terms shows their checkbox, so the
         * message always carries the '*' of a site with a terms checkbox (ADR 0040).
         */
        termsCheckbox: z.boolean(),
        optInDefault: z.boolean(),
        /** Dealer-set postcode check against a geocoder ('Invalid postcode' when nothing is found). */
        postcodeGeocodeCheck: z.boolean(),
        /** Length of one test-drive booking slot, in minutes. */
        testDriveSlotMinutes: z.number().int().min(15).max(240),
      })
      .strict(),
    reviews: z
      .object({
        minimumRating: z.number().min(0).max(5),
        hiddenNames: names,
        /** The summary shows only when average_rating is above this. */
        minimumAverageRating: z.number().min(0).max(5),
        hidden: z.boolean(),
        /** Where ratings come from: reviews stored in D1, or a Places-style maps service (its key in a secret slot). */
        source: z.enum(["local", "places"]),
        placesApiKeySlot: secretSlotSchema.nullable(),
      })
      .strict(),
    /**
     * Location maps: a server-drawn picture by default, a real provider where a key is set. A maps key is a browser
     * key (every visitor's page carries it; Google restricts it to the dealer's domains), so it is a value here.
     */
    maps: z.object({ provider: z.enum(["static", "google"]), apiKey: z.string().nullable() }).strict(),
    home: z
      .object({
        /** Sections of the home page, in order. */
        sections: maxList(z.enum(["salesCounter", "statistics", "promotions", "bodyTypes", "featuredStock", "locations", "reviews", "blog"]), 16),
        heroText: maxText(L.longText).nullable(),
        /** Cars in the featured stock row: the site's most recently added in-stock cars. */
        featuredCount: z.number().int().min(1).max(24),
        /** Promotions slider height at 1920 wide: 540 by default, 720 or 1080 in the other variants (spec §9). */
        promotionsHeight: z.union([z.literal(540), z.literal(720), z.literal(1080)]),
        /** Body-type tiles: the bodies the site has most of, at most this many. */
        bodyTypeTiles: z.number().int().min(1).max(12),
        /**
         * The sales counter counts the stock's sold dates today; where the stock has no sales in the last 30 days,
         * "formula" shows the spec's synthetic figure (192 a day) and "hide" shows no counter.
         */
        salesCounterFallback: z.enum(["formula", "hide"]),
      })
      .strict(),
    /**
     * The drive-away estimate (issue 34, ADR 0068): the dealer's own delivery charge, added to an amount that excludes
     * government charges, and each state's government charges as data with their date and sources.
     */
    driveAway: z.object({ deliveryCharge: money, rates: driveAwayRatesSchema }).strict(),
    /** How the dealer's DMS export of stock reads as records (ADR 0075); null: a CSV's header names the car fields. */
    stockCsv: stockCsvMappingSchema.nullable(),
    budget: z
      .object({
        moneyInputMin: money,
        moneyInputMax: money,
        defaultPeriod: z.enum(["weekly", "monthly"]),
        defaultRepaymentWeekly: money,
        defaultRepaymentMonthly: money,
        defaultDeposit: money,
        sliderMin: money,
        sliderMax: money.positive(),
        sliderStep: money.positive(),
        /** Dealers with their own body list show up to 20 budget finder tiles, others 4. */
        customBodies: z.boolean(),
      })
      .strict(),
  })
  .strict();

export type SiteConfig = z.infer<typeof siteConfigSchema>;

/**
 * The settings a page carries to the browser: all but the government charges' tables (`driveAway.rates`, some 9 KB),
 * which only the server's drive-away estimate reads (ADR 0072). A browser module that asked for them would not compile.
 */
export type PageConfig = Omit<SiteConfig, "driveAway"> & { driveAway: Omit<SiteConfig["driveAway"], "rates"> };

export function pageConfigOf(config: SiteConfig): PageConfig {
  const { rates: _serverOnly, ...driveAway } = config.driveAway;
  return { ...config, driveAway };
}

type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
export type SiteConfigOverride = DeepPartial<SiteConfig>;

/** Overrides are validated after merging; here only their outer shape and size are checked. */
export const siteConfigOverrideSchema = z.record(z.string(), z.unknown());

/** The override's size problem, if it is over CONFIG_OVERRIDE_MAX_BYTES as JSON. */
export function overrideSizeProblem(override: Record<string, unknown>): string | null {
  const bytes = new TextEncoder().encode(JSON.stringify(override)).length;
  return bytes > CONFIG_OVERRIDE_MAX_BYTES ? `Please keep the settings to at most ${CONFIG_OVERRIDE_MAX_BYTES} bytes of JSON (these are ${bytes}).` : null;
}
