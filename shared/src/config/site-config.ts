import { z } from "zod";

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

const navLinkSchema = z.object({ label: z.string(), href: z.string() });

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
        logoText: z.string().nullable(),
      })
      .strict(),
    navigation: z
      .object({
        links: z.array(navLinkSchema),
        openOnHover: z.boolean(),
      })
      .strict(),
    search: z
      .object({
        indexName: z.string(),
        /** Numbered filter preset 0-14; null for none. */
        preset: z.number().int().min(0).max(14).nullable(),
        certifiedOnly: z.boolean(),
        usedOnly: z.boolean(),
        excludedStockNumbers: z.array(z.string()),
        excludedMakes: z.array(z.string()),
        hitsPerPage: z.number().int().min(1).max(100),
        soldWindowDays: z.number().int().min(0),
        priceAscendingNeedsPrice: z.boolean(),
        priceSliderMax: z.number().positive(),
      })
      .strict(),
    labels: z
      .object({
        justArrivedDays: z.number().int().min(0),
        justArrivedLabel: z.string(),
        soldLabel: z.string(),
        noPriceText: z.string(),
        enquireButton: z.string(),
        submitText: z.string(),
        tagBanner: z.string(),
        weekendClosedText: z.string(),
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
      })
      .strict(),
    vehicle: z
      .object({
        defaultViewerMode: z.enum(["spinner", "walkaround", "gallery", "interior"]),
        similarCarsCount: z.number().int().min(0).max(20),
        buttonSet: z.array(z.enum(["enquire", "history", "finance", "tradeIn", "reserve", "onlinePurchase"])),
        checkoutPath: z.enum(["checkout", "buy-online"]),
      })
      .strict(),
    finance: z
      .object({
        provider: financeProviderSchema,
        defaultInterestRate: z.number().min(0).max(30),
        excludedManufacturers: z.array(z.string()),
        excludedDealerships: z.array(z.string()),
        financePath: z.string(),
      })
      .strict(),
    reserve: z.object({ amount: z.number().min(0) }).strict(),
    forms: z
      .object({
        messageOptional: z.boolean(),
        termsRequired: z.boolean(),
      })
      .strict(),
    reviews: z
      .object({
        minimumRating: z.number().min(0).max(5),
        hiddenNames: z.array(z.string()),
      })
      .strict(),
    budget: z
      .object({
        moneyInputMin: z.number(),
        moneyInputMax: z.number(),
      })
      .strict(),
  })
  .strict();

export type SiteConfig = z.infer<typeof siteConfigSchema>;

type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
export type SiteConfigOverride = DeepPartial<SiteConfig>;

/** Overrides are validated after merging; here only their outer shape is checked. */
export const siteConfigOverrideSchema = z.record(z.string(), z.unknown());
