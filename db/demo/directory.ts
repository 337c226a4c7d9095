import type { DirectoryOffer } from "@dealer/shared/contract";
import type { CatalogueKey } from "./catalogue";
import { createRng } from "./prng";
import type { DemoDealershipDef, DemoSiteDef } from "./sites";

type Template = { department: DirectoryOffer["department"]; category: string; title: string; description: string; price: number | null };

const NOUN: Record<CatalogueKey, string> = { cars: "car", motorcycles: "bike", trucks: "truck", caravans: "caravan" };

/** A dealer group's usual service and parts offers; `{noun}` is the kind of vehicle the site sells. */
const TEMPLATES: Template[] = [
  { department: "service", category: "Scheduled servicing", title: "Capped price logbook service", description: "Your {noun}'s logbook service at a fixed price, warranty kept.", price: 289 },
  { department: "service", category: "Scheduled servicing", title: "Minor service", description: "Oil and filter change with a safety check.", price: 179 },
  { department: "service", category: "Scheduled servicing", title: "Major service", description: "Every item of the manufacturer's major service schedule.", price: 549 },
  { department: "service", category: "Tyres and wheels", title: "Wheel alignment and balance", description: "Four-wheel alignment, balance and rotation.", price: 99 },
  { department: "service", category: "Tyres and wheels", title: "Buy 3 tyres, get the 4th free", description: "On selected tyre brands, fitted and balanced.", price: null },
  { department: "service", category: "Brakes", title: "Brake inspection and pad replacement", description: "Front pads fitted and rotors measured.", price: 249 },
  { department: "service", category: "Air conditioning", title: "Air conditioning re-gas", description: "Leak test and re-gas before summer.", price: 149 },
  { department: "service", category: "Inspections", title: "Pre-trip safety check", description: "A 20-point check of your {noun} before a long trip.", price: 59 },
  { department: "parts", category: "Accessories", title: "Genuine accessory pack", description: "Floor mats, cargo liner and protection film for your {noun}.", price: 399 },
  { department: "parts", category: "Accessories", title: "Roof racks and carriers", description: "Genuine roof racks, fitted while you wait.", price: 449 },
  { department: "parts", category: "Genuine parts", title: "Genuine wiper blades", description: "A pair of genuine blades, fitted free.", price: 39 },
  { department: "parts", category: "Genuine parts", title: "Genuine battery, fitted", description: "Battery test and a genuine replacement with a 2-year warranty.", price: 229 },
  { department: "parts", category: "Towing", title: "Towbar kit", description: "Genuine towbar and wiring harness for your {noun}.", price: 899 },
  { department: "parts", category: "Protection", title: "Paint and interior protection", description: "Ceramic paint coating and fabric protection.", price: 690 },
  { department: "parts", category: "Merchandise", title: "Branded merchandise", description: "Caps, jackets and gifts from the brands we sell.", price: null },
];

/**
 * The directory of one demo dealership: the offers of the departments its locations run (a dealership without a
 * parts counter has no parts offers). Prices vary a little by dealership; the same input gives the same rows.
 */
export function demoDirectoryOffers(site: DemoSiteDef, dealership: DemoDealershipDef): DirectoryOffer[] {
  const departments = new Set(dealership.locations.flatMap((location) => location.departments));
  const rng = createRng(`${site.slug}/${dealership.slug}/directory`);
  const noun = NOUN[site.catalogue];
  const href = { service: "/service", parts: "/vehicle-parts-and-accessories" } as const;
  return TEMPLATES.filter((template) => departments.has(template.department)).map((template, position) => ({
    id: `${dealership.slug}-${position + 1}`,
    site: site.slug,
    dealership_id: dealership.id,
    dealership_name: dealership.name,
    department: template.department,
    category: template.category,
    title: template.title,
    description: template.description.replaceAll("{noun}", noun),
    price: template.price === null ? null : template.price + rng.int(0, 4) * 10,
    href: href[template.department],
    position,
  }));
}
