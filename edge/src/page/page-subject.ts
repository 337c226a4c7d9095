import { imageSchema, itemTypeSchema } from "@dealer/shared/contract";
import { siteListingVersionColumn, stockDataVersion } from "@dealer/shared/http";
import { carPageLeadImage, fixedImageUrl, type SlotImage } from "@dealer/shared/media";
import { fuelCalculatorShown, isInStock, isSold, listedPrice, modelBySlug, TEST_DRIVE_ONLY_TAG, vehiclePath, vehicleTitle } from "@dealer/shared/rules";
import { findBrand } from "../content/site-content";
import { loadModelRange } from "../content/site-stock";
import type { GatewayEnv } from "../env";
import type { PageCar, RoutePlan } from "../routes/slot-plans";
import type { Tenant } from "../tenant/resolve-tenant";
import { createShortMemory } from "../tenant/short-memory";
import { configFingerprint } from "./kept-bytes";
import { STOCK_VERSION_CHECK_MS } from "./slot-cache";

/** The stocked model a path's slug names; null without one (or without search, so the page is a 404, never a 5xx). */
export async function findRangeModel(env: GatewayEnv, tenant: Tenant, slug: string) {
  const range = await loadModelRange(env, tenant).catch(() => null);
  return range ? modelBySlug(range.models, slug) : null;
}

/** For a car page, also what its slots depend on (see slotsFor), what its link previews show and the picture it shows first. */
export type PageSubject = {
  title?: string;
  place?: string;
  car?: PageCar;
  carId?: number;
  share?: { path: string; image: string | null; price: number | null };
  /** The site's listing version read beside the car (ADR 0074, 0123): the version the page's kept slots must be at. */
  stock?: string;
  /** The car's own version, read with it: its photos settling moves it and not the site's listing version (ADR 0123). */
  carVersion?: number;
  leadImage?: SlotImage | null;
};

/** A stored value as JSON text (json_extract of an object), parsed by `schema`; anything else reads as absent. */
function storedJson<T>(text: unknown, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T | null {
  if (typeof text !== "string") return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A car's stored item type; anything else reads as a car (built once: a schema is costly to make per view). */
const carItemType = itemTypeSchema.catch("car");

/**
 * Subjects found in the last STOCK_VERSION_CHECK_MS, by site, config and address (ADR 0128): a car page viewed again
 * within that second is answered without its D1 read, so a stock change reaches a car page within the same second as
 * every other page. Only a subject found is kept (a new car is a page at once), and at most this many a gateway isolate
 * (about 1 KB each), since a fuzzer names addresses at will.
 */
const recentSubjects = createShortMemory<PageSubject>(STOCK_VERSION_CHECK_MS, Date.now, 2_000);

/** The car or location a page is about; checked before streaming starts, since the status line leaves with the head. */
export async function pageSubject(env: GatewayEnv, tenant: Tenant, subject: NonNullable<RoutePlan["requires"]>, params: Record<string, string>): Promise<PageSubject | null> {
  const key = `${tenant.slug}\u0000${configFingerprint(tenant.config)}\u0000${subject}\u0000${JSON.stringify(params)}`;
  const recent = recentSubjects.get(key);
  if (recent) return recent;
  const found = await readSubject(env, tenant, subject, params);
  if (found) recentSubjects.set(key, found);
  return found;
}

async function readSubject(env: GatewayEnv, tenant: Tenant, subject: NonNullable<RoutePlan["requires"]>, params: Record<string, string>): Promise<PageSubject | null> {
  const site = tenant.slug;
  // The brands page (its search and tiles) is a dealer-group feature.
  if (subject === "brands") return tenant.config.features.brandsPage ? {} : null;
  if (subject === "brand") {
    const brand = tenant.config.features.brandsPage ? await findBrand(env, tenant, params.brand ?? "") : null;
    return brand ? { title: brand.title } : null;
  }
  if (subject === "model") {
    const model = await findRangeModel(env, tenant, params.model ?? "");
    return model ? { title: `${model.make} ${model.model} accessories` } : null;
  }
  if (subject === "location") {
    const row = await env.DB.prepare("SELECT json_extract(data, '$.name') AS name FROM locations WHERE site = ? AND slug = ?").bind(site, params.location ?? "").first<{ name: string }>();
    return row ? { title: row.name } : null;
  }
  const row = await env.DB.prepare(
    `SELECT id, slug, json_extract(data, '$.year') AS year, json_extract(data, '$.make') AS make, json_extract(data, '$.model') AS model,
       json_extract(data, '$.badge') AS badge, json_extract(data, '$.city') AS city, status, json_extract(data, '$.tag') AS tag,
       json_extract(data, '$.images[0].image.url') AS image, json_extract(data, '$.price') AS price, json_extract(data, '$.offer_price') AS offer_price,
       json_extract(data, '$.before_price') AS before_price, json_extract(data, '$.preorder') AS preorder,
       json_extract(data, '$.item_type') AS item_type, json_extract(data, '$.simple_fuel') AS simple_fuel, json_extract(data, '$.fuel') AS fuel,
       json_extract(data, '$.images[0]') AS first_image, json_array_length(data, '$.images') AS image_count,
       json_extract(data, '$.spin_images[0]') AS first_spin, json_extract(data, '$.spin_interior_image') AS interior,
       json_extract(data, '$.video_url') AS video_url, json_extract(data, '$.external_video_url') AS external_video_url,
       ${siteListingVersionColumn("?1")} AS listing_version, stock_version AS car_version
     FROM vehicles WHERE site = ?1 AND slug = ?2 AND COALESCE(json_extract(data, '$.show_on_dealer_website'), 1) = 1`,
  )
    .bind(site, params.slug ?? "")
    .first<SubjectCarRow>();
  if (!row) return null;
  const tag = typeof row.tag === "string" ? row.tag.trim() : "";
  const itemType = carItemType.parse(row.item_type);
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  const car = {
    sold: isSold(row.status),
    testDriveOnly: isInStock(row.status) && tag === TEST_DRIVE_ONLY_TAG,
    fuelCalculator: fuelCalculatorShown({ item_type: itemType, simple_fuel: text(row.simple_fuel), fuel: text(row.fuel) }),
    chat: tenant.config.features.instantMessage,
  };
  // A feed value of the wrong type reads as absent: a preview without a price or image, never a failed page.
  const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
  // The car's own price: a weekly subscription is not what the car costs (ADR 0038).
  const shown = listedPrice(
    { price: number(row.price), offer_price: number(row.offer_price), before_price: number(row.before_price), preorder: row.preorder === 1 },
    tenant.config,
  );
  const share = {
    path: vehiclePath(row.slug),
    image: typeof row.image === "string" && row.image ? fixedImageUrl(row.image, "share") : null,
    price: shown.kind === "price" && !car.sold ? shown.amount : null,
  };
  // The viewer's first picture, by the same rule and from the same stored photo as the page's slot (ADR 0071).
  const first = storedJson(row.first_image, imageSchema);
  const firstSpin = text(row.first_spin);
  const leadImage = carPageLeadImage(
    {
      // Only the first photo matters, and the count (where a video goes among them).
      images: first ? Array.from({ length: number(row.image_count) ?? 1 }, () => first) : [],
      spin_images: firstSpin ? [firstSpin] : [],
      spin_interior_image: text(row.interior),
      video_url: text(row.video_url),
      external_video_url: text(row.external_video_url),
    },
    tenant.config.vehicle,
  );
  return { title: vehicleTitle(row), ...(row.city ? { place: row.city } : {}), car, carId: row.id, share, leadImage, stock: stockDataVersion(site, row.listing_version), carVersion: row.car_version };
}

type SubjectCarRow = {
  id: number;
  slug: string;
  year: number | null;
  make: string | null;
  model: string | null;
  badge: string | null;
  city: string | null;
  status: string;
  tag: unknown;
  image: unknown;
  price: unknown;
  offer_price: unknown;
  before_price: unknown;
  preorder: unknown;
  item_type: unknown;
  simple_fuel: unknown;
  fuel: unknown;
  listing_version: number;
  car_version: number;
  first_image: unknown;
  image_count: unknown;
  first_spin: unknown;
  interior: unknown;
  video_url: unknown;
  external_video_url: unknown;
};
