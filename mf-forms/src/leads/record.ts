import { type CalculatorFigures, type Car, carSchema, LEAD_RECORD_VERSION, type LeadKind, type LeadRecord, leadDepartment, type Location, locationSchema } from "@dealer/shared/contract";
import { convertCategory, type DriveAwayEstimate, FINANCE_LINK_PARAMS, siteDriveAwayEstimate, vehiclePath, type TradeInValuation, unconfirmedText, zonedIso } from "@dealer/shared/rules";
// Not through the media barrel: with "sideEffects": false, wrangler's esbuild drops the barrel's lazy init once
// the contract pulls media into a lazily loaded chunk, and image-url's constants read as undefined.
import { fixedImageUrl } from "@dealer/shared/image-slots";
import type { SiteConfig } from "@dealer/shared/config";
import { z } from "zod";
import { ADJUSTMENT_QUESTIONS } from "./variants";

/** A lead's record as stored: everything but its id, which the INSERT gives (formats add it back). */
export type StoredRecord = Omit<LeadRecord, "lead_id">;

/** What the platform itself knows that a lead is built from: never the browser's word. */
export type SiteFacts = {
  site: { slug: string; name: string; url: string; slotMinutes: number };
  dealerships: { id: number; slug: string; name: string }[];
  /** Every location of the site (a site has a handful), primary ones first. */
  locations: (Location & { primary: boolean })[];
  car: Car | null;
};

const dataRow = z.object({ data: z.string() });
const dealershipRow = z.object({ id: z.number(), slug: z.string(), name: z.string() });
const locationRow = z.object({ primary_flag: z.number(), data: z.string() });

/** The site's name, dealerships and locations and the car (if one is named), in one D1 batch. */
export async function loadSiteFacts(db: D1Database, site: { slug: string; url: string; slotMinutes: number }, carId: number | null): Promise<SiteFacts> {
  const [name, dealerships, locations, car] = await db.batch([
    db.prepare("SELECT name AS data FROM sites WHERE slug = ?").bind(site.slug),
    db.prepare("SELECT id, slug, name FROM dealerships WHERE site = ? ORDER BY id").bind(site.slug),
    db.prepare("SELECT primary_flag, data FROM locations WHERE site = ? ORDER BY primary_flag DESC, id").bind(site.slug),
    db.prepare("SELECT data FROM vehicles WHERE site = ? AND id = ?").bind(site.slug, carId ?? -1),
  ]);
  const carData = car?.results[0] ? dataRow.parse(car.results[0]).data : null;
  return {
    site: { ...site, name: name?.results[0] ? dataRow.parse(name.results[0]).data : site.slug },
    dealerships: (dealerships?.results ?? []).map((row) => dealershipRow.parse(row)),
    locations: (locations?.results ?? []).map((row) => {
      const parsed = locationRow.parse(row);
      return { ...locationSchema.parse(JSON.parse(parsed.data)), primary: parsed.primary_flag === 1 };
    }),
    car: carData ? carSchema.parse(JSON.parse(carData)) : null,
  };
}

/** The fields of a posted lead the record reads (every kind's, all optional but kind and values). */
export type PostedLead = {
  kind: LeadKind;
  form?: string;
  values: {
    name: string;
    last_name?: string;
    email: string;
    phone: string;
    postcode?: string;
    message?: string;
    category?: string;
    subcategory?: string;
    location?: string;
    location_id?: number;
    dealership_slug?: string;
    opt_in: boolean;
    terms_conditions?: boolean;
    PreferredContactMethod?: "Phone" | "Email" | "SMS";
    additional_services?: string[];
  };
  /** Optional parts: leads stored before the record (rebuilt at delivery) may lack them. */
  userData: { url: string; user_agent?: string; car_id?: number; lead_attributes?: { visited_pages: string[]; linked_query_params: Record<string, string> } };
  car_id?: number;
  booking?: string;
  /** The test drive's licence tick, sent as its text when ticked. */
  disclaimer?: string;
  vehicle?: { make: string; model: string; year: number; kms: number; rego?: string; regoState?: string };
  adjustmentAnswers?: Record<string, unknown>;
  rego?: string;
  regoState?: string;
  vehiclePriceBudget?: number;
  preferredDealership?: string;
  /** A paid online reservation (reserve leads). */
  amount?: number;
  reservation?: { hold_until: string };
  /** The repayment calculator's figures (finance enquiries from its links). */
  finance?: CalculatorFigures;
};

export const NOT_THIS_SITES = {
  car: "This car is not listed on this site. Please reload the page.",
  location: "Please choose one of this dealer's locations.",
  dealership: "Please choose one of this dealer's dealerships.",
};

/** Where a lead belongs: its dealership, location and car, each one of this site's. */
export type LeadPlace = { dealership: SiteFacts["dealerships"][number]; location: SiteFacts["locations"][number] | null; car: Car | null };

/**
 * The lead's car, location and dealership, checked against the site's own data. A car, location or dealership
 * the site does not have is a field error (the lead is refused, nothing stored), never quietly dropped. The
 * dealership is the car's, else the chosen location's, else the chosen dealership, else the site's first.
 */
export function placeLead(lead: PostedLead, facts: SiteFacts): { ok: true; place: LeadPlace } | { ok: false; fieldErrors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const carId = lead.userData.car_id ?? lead.car_id;
  if (carId !== undefined && facts.car?.id !== carId) errors[lead.userData.car_id !== undefined ? "userData.car_id" : "car_id"] = [NOT_THIS_SITES.car];
  const chosenId = lead.values.location_id ?? (/^\d+$/.test(lead.values.location ?? "") ? Number(lead.values.location) : null);
  const chosen = chosenId === null ? null : (facts.locations.find((location) => location.id === chosenId) ?? null);
  if (chosenId !== null && !chosen) errors[lead.values.location_id !== undefined ? "values.location_id" : "values.location"] = [NOT_THIS_SITES.location];
  // A location given by name is the car's distribution location (where the shopper would collect it).
  if (chosenId === null && lead.values.location && !facts.car?.location?.distribution_locations.some((place) => place.name === lead.values.location)) {
    errors["values.location"] = [NOT_THIS_SITES.location];
  }
  const slugs = { "values.dealership_slug": lead.values.dealership_slug, preferredDealership: lead.preferredDealership };
  for (const [field, slug] of Object.entries(slugs)) {
    if (slug && !facts.dealerships.some((dealership) => dealership.slug === slug)) errors[field] = [NOT_THIS_SITES.dealership];
  }
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  const car = carId === undefined ? null : facts.car;
  const chosenDealership = facts.dealerships.find((dealership) => dealership.slug === (lead.values.dealership_slug ?? lead.preferredDealership));
  const dealershipId = car?.dealership_id ?? chosen?.dealership_id ?? chosenDealership?.id ?? facts.dealerships[0]?.id;
  const dealership = facts.dealerships.find((candidate) => candidate.id === dealershipId);
  if (!dealership) return { ok: false, fieldErrors: { "values.dealership_slug": [NOT_THIS_SITES.dealership] } };
  const location =
    chosen ??
    facts.locations.find((candidate) => candidate.id === car?.location?.id) ??
    facts.locations.find((candidate) => candidate.dealership_id === dealership.id) ??
    null;
  return { ok: true, place: { dealership, location, car } };
}

/** The lead as it is stored and delivered: 'Careers Enquiry' becomes General Enquiry / Career Enquiry. */
export function withStoredCategory<T extends { values: { category?: string; subcategory?: string } }>(lead: T): T {
  const { category, subcategory } = lead.values;
  return category ? { ...lead, values: { ...lead.values, ...convertCategory(category, subcategory) } } : lead;
}

/** Split 'Jo Anne Citizen' into first 'Jo Anne' and last 'Citizen' when the form gave one name field. */
export function nameParts(name: string, lastName: string | undefined): { first: string; last: string | null } {
  if (lastName) return { first: name.trim(), last: lastName.trim() };
  const words = name.trim().split(/\s+/);
  return words.length > 1 ? { first: words.slice(0, -1).join(" "), last: words.at(-1) ?? null } : { first: name.trim(), last: null };
}

export function phoneType(phone: string): LeadRecord["customer"]["phone_type"] {
  const digits = phone.replace(/[^\d+]/g, "");
  if (/^(?:\+?61|0)4/.test(digits)) return "mobile";
  if (/^1[38]/.test(digits)) return "business";
  return "landline";
}

const PREFERRED = { Phone: "phone", Email: "email", SMS: "sms" } as const;
const absolute = (siteUrl: string, path: string) => new URL(path, siteUrl).toString();

function vehicleOf(car: Car, siteUrl: string): NonNullable<LeadRecord["vehicle"]> {
  const photo = car.primary_image_url ?? car.images[0]?.image.url ?? null;
  return {
    id: car.id,
    stock_number: car.stocknum,
    vin: car.vin ?? null,
    year: car.year,
    make: car.make,
    model: car.model,
    badge: car.badge ?? null,
    title: car.name,
    condition: car.car_type,
    status: car.status,
    price: typeof car.price === "number" && car.price > 0 ? car.price : null,
    odometer_km: car.km ?? null,
    colour: car.colour ?? null,
    url: absolute(siteUrl, vehiclePath(car.slug)),
    photo_url: photo ? (/^https?:/.test(photo) ? photo : absolute(siteUrl, fixedImageUrl(photo, "lead"))) : null,
  };
}

function valuationOf(valuation: TradeInValuation | undefined): NonNullable<LeadRecord["trade_in"]>["valuation"] {
  if (!valuation) return null;
  return valuation.estimate ? { estimate: true, low: valuation.low, high: valuation.high, offer: valuation.offer } : { estimate: false, reason: valuation.message };
}

/** Only the answers given, as the question the shopper read. */
function conditionOf(answers: Record<string, unknown> | undefined): NonNullable<LeadRecord["trade_in"]>["condition"] {
  return Object.entries(answers ?? {}).flatMap(([key, answer]) =>
    (answer === "Yes" || answer === "No") && ADJUSTMENT_QUESTIONS[key] ? [{ question: ADJUSTMENT_QUESTIONS[key], answer }] : [],
  );
}

/** The calculator's figures the record keeps beside the deposit and term: present when any one came. */
function calculatorOf(figures: CalculatorFigures | undefined): NonNullable<LeadRecord["finance"]>["calculator"] {
  if (!figures) return null;
  const { interest_rate, repayment, frequency, balloon } = figures;
  if (interest_rate === undefined && repayment === undefined && frequency === undefined && balloon === undefined) return null;
  return { interest_rate: interest_rate ?? null, repayment: repayment ?? null, frequency: frequency ?? null, balloon: balloon ?? null };
}

const FINANCE_LINK_KEYS: ReadonlySet<string> = new Set(FINANCE_LINK_PARAMS);
/** The visit's query parameters less a finance link's own: those are the enquiry's figures, in `finance`, not a campaign's. */
const campaignParams = (params: Record<string, string>) => Object.fromEntries(Object.entries(params).filter(([key]) => !FINANCE_LINK_KEYS.has(key)));

export const DRIVE_AWAY_FIELD = "finance.drive_away_state";
export const DRIVE_AWAY_NEEDS_PRICED_CAR = "A drive-away estimate needs a car of this site with a price.";

/**
 * The drive-away estimate a finance enquiry names by its state (issue 34): the server's own, from the car and the
 * site's rates, never figures from the browser. A state without a priced car of the site is a field error.
 */
export function financeDriveAway(
  lead: PostedLead,
  car: Car | null,
  config: Pick<SiteConfig, "driveAway" | "labels">,
): { ok: true; estimate: DriveAwayEstimate | undefined } | { ok: false; fieldErrors: Record<string, string[]> } {
  const state = lead.kind === "finance_enquiry" ? lead.finance?.drive_away_state : undefined;
  if (!state) return { ok: true, estimate: undefined };
  const estimate = car ? siteDriveAwayEstimate(car, state, config) : null;
  return estimate ? { ok: true, estimate } : { ok: false, fieldErrors: { [DRIVE_AWAY_FIELD]: [DRIVE_AWAY_NEEDS_PRICED_CAR] } };
}

/**
 * The estimate as the lead keeps it: the parts, and the ones that are typical amounts with the car page's own words
 * and sources (ADR 0098). An estimate stored before ADR 0090 has no list: none is named.
 */
function driveAwayOf(estimate: DriveAwayEstimate): NonNullable<NonNullable<LeadRecord["finance"]>["drive_away"]> {
  const unconfirmed = estimate.unconfirmed ?? [];
  return {
    state: estimate.state,
    total: estimate.total,
    parts: estimate.parts,
    as_at: estimate.asAt,
    unconfirmed,
    unconfirmed_text: unconfirmed.length ? unconfirmedText(estimate.state, unconfirmed) : null,
    sources: estimate.sources,
  };
}

/** What the server adds to a lead when it takes it. */
export type LeadExtras = {
  createdAt: Date;
  consent: { opt_in: boolean; recorded_at: string; privacy_notice: string };
  valuation?: TradeInValuation;
  creditCheck?: { consent_text: string; consented_at: string };
  /** The drive-away estimate a finance enquiry financed, worked out by the server (financeDriveAway). */
  driveAway?: DriveAwayEstimate;
};

/** The complete record of a posted lead, from the lead and the platform's own data (the place placeLead found). */
export function buildLeadRecord(lead: PostedLead, place: LeadPlace, facts: SiteFacts, extras: LeadExtras): StoredRecord {
  const { values } = lead;
  const timeZone = place.location?.timezone ?? "Australia/Brisbane";
  const name = nameParts(values.name, values.last_name);
  const category = values.category ?? null;
  const booking = lead.booking ? new Date(lead.booking) : null;
  const distribution = values.location && !/^\d+$/.test(values.location) ? values.location : null;
  const isFinance = lead.kind === "finance_enquiry";
  return {
    version: LEAD_RECORD_VERSION,
    kind: lead.kind,
    form: lead.form ?? null,
    created_at: zonedIso(extras.createdAt, timeZone),
    category,
    subcategory: values.subcategory ?? null,
    department: leadDepartment(category),
    site: { slug: facts.site.slug, name: facts.site.name, url: facts.site.url },
    dealership: place.dealership,
    location: place.location && {
      id: place.location.id,
      name: place.location.name,
      phone: place.location.contact_detail.phone,
      address: { street: place.location.address.street, city: place.location.address.city, state: place.location.address.state, postcode: place.location.address.postcode },
      time_zone: timeZone,
    },
    customer: {
      first_name: name.first,
      last_name: name.last,
      full_name: [name.first, name.last].filter(Boolean).join(" "),
      email: values.email,
      phone: values.phone,
      phone_type: phoneType(values.phone),
      postcode: values.postcode ?? null,
      preferred_contact: values.PreferredContactMethod ? PREFERRED[values.PreferredContactMethod] : null,
      delivery_location: distribution,
      holds_licence: lead.kind === "test_drive" ? lead.disclaimer !== undefined : null,
      consent: { opt_in: extras.consent.opt_in, terms_accepted: values.terms_conditions ?? null, recorded_at: extras.consent.recorded_at, notice: extras.consent.privacy_notice },
    },
    message: values.message || null,
    services: values.additional_services ?? [],
    vehicle: place.car && vehicleOf(place.car, facts.site.url),
    trade_in: lead.vehicle
      ? {
          make: lead.vehicle.make,
          model: lead.vehicle.model,
          year: lead.vehicle.year,
          odometer_km: lead.vehicle.kms,
          rego: lead.rego ?? lead.vehicle.rego ?? null,
          rego_state: lead.regoState ?? lead.vehicle.regoState ?? null,
          condition: conditionOf(lead.adjustmentAnswers),
          valuation: valuationOf(extras.valuation),
          offer_accepted: false,
        }
      : null,
    appointment:
      booking && place.location
        ? {
            type: leadDepartment(category) === "service" ? "service" : "test_drive",
            start: zonedIso(booking, timeZone),
            end: zonedIso(new Date(booking.getTime() + facts.site.slotMinutes * 60_000), timeZone),
            time_zone: timeZone,
            location: { id: place.location.id, name: place.location.name },
          }
        : null,
    finance: isFinance
      ? {
          budget: lead.vehiclePriceBudget ?? null,
          deposit: lead.finance?.deposit ?? null,
          term_months: lead.finance?.term_months ?? null,
          preferred_dealership: facts.dealerships.find((dealership) => dealership.slug === (values.dealership_slug ?? lead.preferredDealership))?.name ?? null,
          calculator: calculatorOf(lead.finance),
          credit_check: extras.creditCheck ? { consent_text: extras.creditCheck.consent_text, consented_at: extras.creditCheck.consented_at } : null,
          drive_away: extras.driveAway ? driveAwayOf(extras.driveAway) : null,
        }
      : null,
    reservation: lead.reservation && lead.amount !== undefined ? { deposit: lead.amount, held_until: new Date(lead.reservation.hold_until).toISOString() } : null,
    offer_acceptance: null,
    source: {
      channel: "Website",
      page_url: lead.userData.url,
      user_agent: lead.userData.user_agent ?? "",
      visited_pages: lead.userData.lead_attributes?.visited_pages ?? [],
      linked_query_params: campaignParams(lead.userData.lead_attributes?.linked_query_params ?? {}),
    },
  };
}

/** A record stored before `customer.holds_licence` existed (issue 33) reads as one built now, from what was posted. */
export function withRecordDefaults(record: StoredRecord, posted: { disclaimer?: string }): StoredRecord {
  if (record.customer.holds_licence !== undefined) return record;
  return { ...record, customer: { ...record.customer, holds_licence: record.kind === "test_drive" ? posted.disclaimer !== undefined : null } };
}

/** An accepted offer's record: the trade-in's, marked accepted, with the offer price from the stored valuation. */
export function acceptanceRecord(tradeIn: StoredRecord, tradeInLeadId: number, acceptance: { category: string; subcategory: string }, createdAt: Date): StoredRecord {
  const valuation = tradeIn.trade_in?.valuation;
  return {
    ...tradeIn,
    kind: "offer_acceptance",
    created_at: zonedIso(createdAt, tradeIn.location?.time_zone ?? "Australia/Brisbane"),
    category: acceptance.category,
    subcategory: acceptance.subcategory,
    trade_in: tradeIn.trade_in && { ...tradeIn.trade_in, offer_accepted: true },
    offer_acceptance: { trade_in_lead_id: tradeInLeadId, offer_price: valuation?.estimate ? valuation.offer : null },
  };
}
