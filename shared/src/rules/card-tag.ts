import type { Car } from "../contract/car";
import type { SiteConfig } from "../config/site-config";
// The media index, not its file: wrangler's bundler wraps media for mf-forms' lazy form chunk, and importing the file
// directly left the index uninitialised for its other importers (every lead about a car answered 503).
import { certifiedBadgeUrl } from "../media";
import { isInStock } from "./availability";

export const COMING_SOON_LABEL = "COMING SOON";
export const RESERVED_LABEL = "RESERVED";
export const CERTIFIED_LABEL = "Certified pre-owned";

export type CardTag =
  | { kind: "fuel"; label: "ELECTRIC" | "HYBRID" | "PHEV" }
  | { kind: "reserved"; label: string }
  /** Shown as the badge image, the label its alt text. */
  | { kind: "certified"; label: string; image: string }
  | { kind: "custom"; label: string }
  | { kind: "coming_soon"; label: string }
  | { kind: "just_arrived"; label: string }
  | { kind: "sold"; label: string }
  | { kind: "none" };

type TagCar = Pick<Car, "status" | "reserved" | "certified" | "tag" | "created_at" | "simple_fuel" | "fuel">;
type TagConfig = { labels: Pick<SiteConfig["labels"], "justArrivedDays" | "justArrivedLabel" | "soldLabel">; features: Pick<SiteConfig["features"], "fuelTags"> };

const DAY_MS = 86_400_000;

/** Just arrived: created within the configured number of days (default 8). */
export function isJustArrived(createdAt: string, now: Date, days: number): boolean {
  const created = Date.parse(createdAt);
  if (!Number.isFinite(created)) return false;
  const age = now.getTime() - created;
  return age >= 0 && age <= days * DAY_MS;
}

/** PHEV is checked before hybrid: 'Plug-in Hybrid' contains both. */
export function fuelTagLabel(fuel: string | null | undefined): "ELECTRIC" | "HYBRID" | "PHEV" | null {
  const value = (fuel ?? "").toLowerCase();
  if (value.includes("phev") || value.includes("plug-in") || value.includes("plug in")) return "PHEV";
  if (value.includes("hybrid")) return "HYBRID";
  if (value.includes("electric") || value === "ev") return "ELECTRIC";
  return null;
}

/** The one tag a result card shows, by the spec's precedence; a sold car shows the sold label. */
export function cardTag(car: TagCar, config: TagConfig, now: Date): CardTag {
  if (!isInStock(car.status)) return { kind: "sold", label: config.labels.soldLabel };
  const fuel = config.features.fuelTags ? fuelTagLabel(car.simple_fuel ?? car.fuel) : null;
  if (fuel) return { kind: "fuel", label: fuel };
  if (car.reserved) return { kind: "reserved", label: RESERVED_LABEL };
  if (car.certified) return { kind: "certified", label: CERTIFIED_LABEL, image: certifiedBadgeUrl() };
  if (car.tag?.trim()) return { kind: "custom", label: car.tag.trim() };
  if (car.status === "coming_soon") return { kind: "coming_soon", label: COMING_SOON_LABEL };
  if (isJustArrived(car.created_at, now, config.labels.justArrivedDays)) return { kind: "just_arrived", label: config.labels.justArrivedLabel };
  return { kind: "none" };
}

/** What the certified-brand dialog cites (spec §9). */
export const CERTIFIED_DIALOG_POINTS = ["90 point inspection", "1 year roadside assist"] as const;
export const certifiedProgrammeName = (manufacturer: string) => `${manufacturer} Certified Pre-Owned`;

/** The certified-brand dialog: only for that manufacturer's certified cars that are not sold. */
export function showCertifiedDialog(car: Pick<Car, "make" | "certified" | "status">, certifiedManufacturer: string | null): boolean {
  return (
    !!certifiedManufacturer &&
    car.certified &&
    car.make.trim().toLowerCase() === certifiedManufacturer.trim().toLowerCase() &&
    isInStock(car.status)
  );
}
