import { financeProviderSchema, overrideSizeProblem, resolveSiteConfig, SiteConfigError } from "@dealer/shared/config";
import { brandTileSchema, locationSchema, locationTypeSchema, maxList, maxText, siteTemplateSchema, type Location } from "@dealer/shared/contract";
import { hoursRange } from "@dealer/shared/rules";
import { z } from "zod";

/** One thing wrong with a site file, named by its path ("dealerships.0.locations.1.address"). */
export type Problem = { path: string; message: string };

/**
 * Every string and list of a site file has a limit (ADR 0058; the table in docs/api/operator.md): a name or a
 * title is a line, a body a long page; counts are far above any dealer group's. The request itself is at most 1 MB.
 */
export const SITE_FILE_LIMITS = {
  name: 100,
  street: 200,
  phone: 30,
  licenceNumber: 50,
  url: 500,
  pageTitle: 200,
  pageDescription: 500,
  pageBody: 20_000,
  tileDescription: 2_000,
  path: 200,
  domains: 20,
  dealerships: 50,
  locations: 50,
  licenceNumbers: 10,
  holidays: 100,
  brandTiles: 100,
  pages: 50,
} as const;
const LIMIT = SITE_FILE_LIMITS;
const name = maxText(LIMIT.name).min(1);

const slug = maxText(63).regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "lower-case letters, digits and hyphens");
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM");
/** A day's hours: "08:30-17:30" or "closed"; a day left out is closed. */
const dayHours = z.union([z.literal("closed"), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM-HH:MM or "closed"')]);
const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
const weekSchema = z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours.optional()])) as Record<(typeof WEEKDAYS)[number], z.ZodOptional<typeof dayHours>>).strict();
const AU_STATES = { QLD: "Australia/Brisbane", NSW: "Australia/Sydney", ACT: "Australia/Sydney", VIC: "Australia/Melbourne", TAS: "Australia/Hobart", SA: "Australia/Adelaide", WA: "Australia/Perth", NT: "Australia/Darwin" } as const;

/**
 * A dealer's own domain: lower-case labels with a dot. `{slug}.localhost` is never listed: it answers locally
 * without a row.
 */
const domainSchema = maxText(253)
  .regex(/^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "a lower-case domain name such as dealer.com.au")
  .refine((domain) => !domain.endsWith(".localhost"), "{slug}.localhost answers without being listed");

const locationFileSchema = z
  .object({
    name,
    slug: slug.optional(),
    departments: maxList(locationTypeSchema, 3).min(1),
    address: z
      .object({ street: maxText(LIMIT.street).min(1), city: name, state: z.enum(Object.keys(AU_STATES) as [keyof typeof AU_STATES]), postcode: z.string().regex(/^\d{4}$/), lat: z.number().min(-90).max(90), long: z.number().min(-180).max(180) })
      .strict(),
    phone: maxText(LIMIT.phone).min(6),
    licenceNumber: maxText(LIMIT.licenceNumber).min(1).optional(),
    hours: z.object({ sales: weekSchema.optional(), service: weekSchema.optional(), parts: weekSchema.optional() }).strict().default({}),
    holidayHours: maxList(z.object({ date: z.iso.date(), status: z.enum(["Open", "Closed"]), open: time.optional(), close: time.optional(), name: name.optional() }).strict(), LIMIT.holidays).default([]),
  })
  .strict();

const dealershipFileSchema = z
  .object({
    name,
    slug,
    licenceNumbers: maxList(maxText(LIMIT.licenceNumber).min(1), LIMIT.licenceNumbers).default([]),
    financeProvider: financeProviderSchema,
    locations: maxList(locationFileSchema, LIMIT.locations).min(1),
  })
  .strict();

/** The brands page's tile with the file's limits; the contract's schema reads stored tiles. */
const brandTileFileSchema = brandTileSchema
  .extend({
    title: name,
    slug: maxText(63).min(1),
    logo: maxText(LIMIT.url).nullable().optional(),
    banner: maxText(LIMIT.url).nullable().optional(),
    description: maxText(LIMIT.tileDescription).nullable().optional(),
    skipPage: z.union([z.boolean(), maxText(LIMIT.url)]).optional(),
  })
  .strict();

/** The file `npm run site -- create|update` reads (YAML or JSON) and the operator API takes as JSON. */
export const siteFileSchema = z
  .object({
    slug,
    name,
    template: siteTemplateSchema,
    domains: maxList(domainSchema, LIMIT.domains).default([]),
    dealerships: maxList(dealershipFileSchema, LIMIT.dealerships).min(1),
    brandTiles: maxList(brandTileFileSchema, LIMIT.brandTiles).default([]),
    pages: maxList(
      z
        .object({
          path: maxText(LIMIT.path).regex(/^\/[a-z0-9][a-z0-9/-]*$/),
          title: maxText(LIMIT.pageTitle).min(1),
          description: maxText(LIMIT.pageDescription).default(""),
          body: maxText(LIMIT.pageBody).default(""),
        })
        .strict(),
      LIMIT.pages,
    ).default([]),
    /** The site's config override: only what differs from the platform's and the template's defaults. */
    config: z.record(z.string(), z.unknown()).default({}),
    /**
     * The published config version the file was made from (`site show` prints it): an update merges the dealer's
     * changes since then (ADR 0062). Left out, the last version the operator wrote. A create ignores it.
     */
    baseVersion: z.number().int().min(0).optional(),
  })
  .strict();

export type SiteFile = z.infer<typeof siteFileSchema>;
export type LocationFile = z.infer<typeof locationFileSchema>;

function issuesToProblems(issues: readonly z.core.$ZodIssue[], prefix: string[] = []): Problem[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path.map(String)];
    if (issue.code === "unrecognized_keys") return issue.keys.map((key) => ({ path: [...path, key].join("."), message: "unknown field" }));
    return [{ path: path.join(".") || "(file)", message: issue.message }];
  });
}

const duplicates = <T>(items: T[], key: (item: T) => string) => items.map(key).filter((value, index, all) => all.indexOf(value) !== index);

/**
 * Every problem of a file: shape and types, then duplicates and its config checked by the config schema. `site` is
 * there whenever the shape is right, so the caller can add what only the database sees (taken slug or domain).
 */
export function checkSiteFile(input: unknown): { site: SiteFile | null; problems: Problem[] } {
  const parsed = siteFileSchema.safeParse(input);
  if (!parsed.success) return { site: null, problems: issuesToProblems(parsed.error.issues) };
  const site = parsed.data;
  const problems: Problem[] = [];
  for (const domain of duplicates(site.domains, (d) => d)) problems.push({ path: "domains", message: `${domain} is listed twice` });
  for (const dup of duplicates(site.dealerships, (d) => d.slug)) problems.push({ path: "dealerships", message: `duplicate dealership slug ${dup}` });
  const locations = site.dealerships.flatMap((d, di) => d.locations.map((l, li) => ({ slug: locationSlug(l), path: `dealerships.${di}.locations.${li}` })));
  for (const dup of duplicates(locations, (l) => l.slug)) problems.push({ path: locations.find((l) => l.slug === dup)?.path ?? "dealerships", message: `duplicate location slug ${dup}` });
  for (const dup of duplicates(site.brandTiles, (b) => b.slug)) problems.push({ path: "brandTiles", message: `duplicate brand tile slug ${dup}` });
  for (const dup of duplicates(site.pages, (p) => p.path)) problems.push({ path: "pages", message: `duplicate page path ${dup}` });
  for (const [di, dealership] of site.dealerships.entries()) {
    for (const [li, location] of dealership.locations.entries()) {
      for (const [hi, holiday] of location.holidayHours.entries()) {
        if (holiday.status === "Open" && !(holiday.open && holiday.close)) problems.push({ path: `dealerships.${di}.locations.${li}.holidayHours.${hi}`, message: "an open holiday needs open and close" });
      }
    }
  }
  problems.push(...configProblems(site));
  return { site, problems };
}

/** The config's size, then each bad key resolveSiteConfig names ("unknown key a.b" or "a.b: message"); here under config. */
function configProblems(site: SiteFile): Problem[] {
  const tooBig = overrideSizeProblem(site.config);
  if (tooBig) return [{ path: "config", message: tooBig }];
  try {
    resolveSiteConfig(site.slug, site.config, site.template);
    return [];
  } catch (error) {
    if (!(error instanceof SiteConfigError)) throw error;
    return error.problems.map((problem) => {
      const unknown = /^unknown key (.+)$/.exec(problem);
      if (unknown) return { path: `config.${unknown[1]}`, message: "unknown field" };
      const [path = "", ...message] = problem.split(": ");
      return { path: `config.${path}`, message: message.join(": ") };
    });
  }
}

export const locationSlug = (location: LocationFile) => location.slug ?? location.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** A location as the platform stores it (the contract's Location), from the file's friendlier shape. */
export function locationRecord(input: { id: number; location: LocationFile; primary: boolean; dealership: { id: number; slug: string; licenceNumbers: string[] } }): Location {
  const { id, location, dealership } = input;
  const { street, city, state, postcode, lat, long } = location.address;
  const openingHours = location.departments.flatMap((department) =>
    WEEKDAYS.map((day, weekday) => {
      const hours = location.hours[department]?.[day];
      if (!hours || hours === "closed") return { weekday, status: "Closed" as const, open: null, close: null, formated_hours: "Closed", location_type: department };
      const [open = "", close = ""] = hours.split("-");
      return { weekday, status: "Open" as const, open, close, formated_hours: hoursRange(open, close) ?? undefined, location_type: department };
    }),
  );
  return locationSchema.parse({
    id,
    name: location.name,
    slug: locationSlug(location),
    location_type: location.departments,
    primary: input.primary,
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
    dealer_license_number: location.licenceNumber ?? dealership.licenceNumbers[0] ?? null,
    timezone: AU_STATES[state],
    address: { street, city, state, postcode, lat, long, place_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${street}, ${city} ${state} ${postcode}`)}` },
    contact_detail: { phone: location.phone, landline_phone: location.phone, opening_hours: openingHours },
    special_hours: location.holidayHours.map((h) => ({ date: h.date, status: h.status, start_hour: h.open ?? null, end_hour: h.close ?? null, location_id: id, name: h.name })),
  });
}
