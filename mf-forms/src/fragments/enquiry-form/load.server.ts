import { type Car, calculatorFiguresFromQuery, carSchema, locationSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { type FragmentDefinition, FragmentNotFound, onePerRequest } from "@dealer/shared/fragment-server";
import { siteListingVersionColumn, stockDataVersion } from "@dealer/shared/http";
import { displayMobile, enquiryDefaultsForCar, FIND_SIMILAR_SUBCATEGORY, isSold, isTestDriveOnly } from "@dealer/shared/rules";
import { z } from "zod";
import type { Env } from "../../env";
import { bookingSlots } from "../../leads/slots";
import { CREDIT_CHECK_SUBCATEGORY, FORM_VARIANTS, formVariant, shownSelects } from "../../leads/variants";
import EnquiryForm from "./EnquiryForm";
import type { EnquiryFormProps, FormOption } from "./props";

const dataRowSchema = z.object({ data: z.string() });
const dealershipRowSchema = z.object({ slug: z.string(), name: z.string() });
const positiveInt = z.coerce.number().int().positive();

/**
 * A site's car by slug with the site's listing version (ADR 0123) from the same statement (one snapshot), and the site's
 * locations and dealerships: a car page asks for two of these forms at once (the enquiry and the photo request), and
 * each reads on its own (a read shared between requests hangs the others when the one that started it ends first,
 * ADR 0124).
 */
const carBySlug = (env: Env, site: string, slug: string) =>
  env.DB.prepare(`SELECT ${siteListingVersionColumn("?1")} AS stock_version, (SELECT data FROM vehicles WHERE site = ?1 AND slug = ?2) AS data`)
    .bind(site, slug)
    .first<{ stock_version: number; data: string | null }>();

/** The car a form is about: the route's slug (vehicle page, with the stock version it is at) or ?car_id (trade-in, finance links). */
const formCar = onePerRequest(async (request: FragmentRequest, env: Env): Promise<{ car: Car | null; version: string | null }> => {
  const { slug, car_id: carId } = request.params;
  if (slug) {
    const row = await carBySlug(env, request.site.slug, slug);
    // A vehicle page names a car that must exist.
    if (!row?.data) throw new FragmentNotFound(`No vehicle ${slug}`);
    return { car: carSchema.parse(JSON.parse(row.data)), version: stockDataVersion(request.site.slug, row.stock_version) };
  }
  const id = positiveInt.safeParse(carId);
  // A stale ?car_id just gives the general form.
  const row = id.success ? await env.DB.prepare("SELECT data FROM vehicles WHERE site = ? AND id = ?").bind(request.site.slug, id.data).first() : null;
  return { car: row ? carSchema.parse(JSON.parse(dataRowSchema.parse(row).data)) : null, version: null };
});

/**
 * A car page's enquiry and photo-request forms are kept by the gateway for anonymous views (ADR 0074), so their markup
 * carries no per-render idempotency key: the script makes its own per submit, and a script-less post is stored
 * without one (a double click may store it twice; no post is ever refused as another shopper's key). A test drive's
 * booking times move with the clock: never kept.
 */
const KEPT_FORMS = new Set(["enquiry", "photo_request"]);
const keptForm = (request: FragmentRequest) => Boolean(request.params.slug) && KEPT_FORMS.has(request.params.kind ?? "enquiry");

async function formDataVersion(request: FragmentRequest, env: Env): Promise<string | undefined> {
  if (!keptForm(request)) return undefined;
  const { car, version } = await formCar(request, env);
  return car && version && !isTestDriveOnly(car) ? version : undefined;
}

async function siteRows(env: Env, site: string) {
  const [locations, dealerships] = await env.DB.batch([
    env.DB.prepare("SELECT data FROM locations WHERE site = ? ORDER BY primary_flag DESC, id").bind(site),
    env.DB.prepare("SELECT slug, name FROM dealerships WHERE site = ? ORDER BY id").bind(site),
  ]);
  return { locations: locations?.results ?? [], dealerships: dealerships?.results ?? [] };
}

async function siteOptions(request: FragmentRequest, env: Env): Promise<{ locations: FormOption[]; dealerships: FormOption[]; routeLocation: string | null }> {
  const rows = await siteRows(env, request.site.slug);
  const parsed = rows.locations.map((row) => locationSchema.parse(JSON.parse(dataRowSchema.parse(row).data)));
  return {
    locations: parsed.map((location) => ({ value: String(location.id), label: location.name })),
    // /contact-us/{location-slug} starts with that location chosen.
    routeLocation: parsed.find((location) => location.slug === request.params.location)?.id.toString() ?? null,
    dealerships: rows.dealerships.map((row) => {
      const dealership = dealershipRowSchema.parse(row);
      return { value: dealership.slug, label: dealership.name };
    }),
  };
}

const number = (value: string | undefined) => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : null;
};

export async function loadEnquiryForm(request: FragmentRequest, env: Env): Promise<EnquiryFormProps> {
  const asked = formVariant(request.params.kind ?? "enquiry");
  if (!asked) throw new FragmentNotFound(`No form ${request.params.kind}`);
  const [{ car }, options] = await Promise.all([formCar(request, env), siteOptions(request, env)]);
  // A test-drive-only car is booked, not enquired about.
  const variant = asked.id === "enquiry" && car && isTestDriveOnly(car) ? FORM_VARIANTS.test_drive : asked;
  const shown = shownSelects(variant, { hasCar: car !== null, locations: options.locations.length, dealerships: options.dealerships.length });
  const carDefaults = car ? enquiryDefaultsForCar(car, request.config.forms.optInDefault) : null;
  const sold = car !== null && isSold(car.status);
  const slots = variant.booking ? await bookingSlots(env.DB, { slug: request.site.slug, config: request.config }, null, new Date(), variant.booking) : null;
  const params = request.params;
  return {
    variant: variant.id,
    heading: sold && variant.leadKind === "enquiry" ? "Find Me Something Similar" : car && variant.id === "enquiry" ? `Enquire about this ${car.name}` : variant.heading,
    submitText: request.config.labels.submitText,
    forms: request.config.forms,
    car: car ? { id: car.id, dealershipId: car.dealership_id, title: car.name } : null,
    carDefaults,
    defaults: {
      message: variant.leadKind === "enquiry" ? (carDefaults?.message ?? "") : "", subcategory: variant.creditCheck ? CREDIT_CHECK_SUBCATEGORY : carDefaults?.subcategory === FIND_SIMILAR_SUBCATEGORY ? FIND_SIMILAR_SUBCATEGORY : null,
    },
    shown,
    locations: shown.location ? options.locations : [],
    locationDefault: options.routeLocation,
    dealerships: shown.dealership ? options.dealerships : [],
    distributionLocations: (car?.location?.distribution_locations ?? []).map((location) => ({ value: location.name, label: location.name })),
    bookingSlots: (slots?.slots ?? []).map((slot) => ({ value: slot.start, label: slot.label })),
    // The finance link's parameters (financeLink): preferredDealership, vehiclePriceBudget, car_id, car_type, vin, the calculator's figures.
    finance: {
      vehiclePriceBudget: number(params.vehiclePriceBudget),
      // Only one of this site's dealerships: the lead API refuses any other (a stale or edited link).
      preferredDealership: options.dealerships.find((dealership) => dealership.value === params.preferredDealership)?.value ?? car?.dealership_slug ?? null,
      carType: params.car_type ?? car?.car_type ?? null,
      vin: params.vin ?? car?.vin ?? null,
      // The repayment calculator's links add its figures; only valid ones are kept (the API checks them again).
      calculator: variant.finance ? calculatorFiguresFromQuery(params) : {},
    },
    saveValuationColumn: request.config.features.saveValuationColumn,
    signedInPhone: request.session.phone ? displayMobile(request.session.phone) : null,
    idempotencyKey: keptForm(request) ? null : crypto.randomUUID(),
  };
}

export const enquiryFormFragment: FragmentDefinition<EnquiryFormProps, Env> = {
  load: loadEnquiryForm,
  Component: EnquiryForm,
  dataVersion: formDataVersion,
};
