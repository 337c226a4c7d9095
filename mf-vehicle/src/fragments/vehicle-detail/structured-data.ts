import type { Car } from "@dealer/shared/contract";
import { isSold, type PriceDisplay, postalAddressStructuredData, vehiclePath } from "@dealer/shared/rules";

/** schema.org's type per vehicle type: it has Car and Motorcycle; a truck or a caravan is a Vehicle. */
const SCHEMA_TYPES: Record<Car["item_type"], "Car" | "Motorcycle" | "Vehicle"> = { car: "Car", motorcycle: "Motorcycle", truck: "Vehicle", caravan: "Vehicle" };

/** The feed's drive words as schema.org's DriveWheelConfigurationValue; anything else is sent as the feed's text. */
const DRIVE_WHEELS: Array<[RegExp, string]> = [
  [/^(awd|all[ -]wheel)/i, "AllWheelDriveConfiguration"],
  [/^(4wd|4x4|four[ -]wheel)/i, "FourWheelDriveConfiguration"],
  [/^(fwd|front)/i, "FrontWheelDriveConfiguration"],
  [/^(rwd|rear)/i, "RearWheelDriveConfiguration"],
];

function driveWheelConfiguration(drive: string | null | undefined): string | null {
  const text = drive?.trim();
  if (!text) return null;
  const known = DRIVE_WHEELS.find(([pattern]) => pattern.test(text));
  return known ? `https://schema.org/${known[1]}` : text;
}

const kilograms = (value: number | null | undefined) => (value ? { "@type": "QuantitativeValue", value, unitCode: "KGM" } : null);

/** Absent figures are left out rather than sent empty. */
const compact = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null && value !== undefined && value !== ""));

/** The listing's seller: the dealership location that has the car, else the site. */
function seller(car: Car, origin: string, siteName: string) {
  const location = car.location;
  if (!location) return { "@type": "AutoDealer", name: siteName, url: `${origin}/` };
  return compact({
    "@type": "AutoDealer",
    name: location.name,
    url: new URL(`/our-location/${location.slug}`, origin).href,
    telephone: location.phone,
    address: postalAddressStructuredData(location.address),
  });
}

export type StructuredDataContext = { title: string; price: PriceDisplay; image: string | undefined; origin: string; siteName: string };

/**
 * schema.org data of a vehicle page: the vehicle typed by what it is, with its Offer and the dealership selling
 * it; every URL absolute on the page's origin, as search engines read them.
 */
export function vehicleStructuredData(car: Car, { title, price, image, origin, siteName }: StructuredDataContext): Record<string, unknown> {
  const url = new URL(vehiclePath(car.slug), origin).href;
  const heavy = car.item_type === "truck" || car.item_type === "caravan";
  return compact({
    "@context": "https://schema.org",
    "@type": SCHEMA_TYPES[car.item_type],
    name: title,
    url,
    sku: car.stocknum,
    brand: { "@type": "Brand", name: car.make },
    model: car.model,
    vehicleConfiguration: [car.badge, car.series].filter(Boolean).join(" ") || null,
    vehicleModelDate: String(car.year),
    bodyType: car.simple_body,
    color: car.colour,
    fuelType: car.simple_fuel,
    vehicleTransmission: car.simple_transmission,
    driveWheelConfiguration: driveWheelConfiguration(car.simple_drive ?? car.drive),
    numberOfDoors: car.doors || null,
    seatingCapacity: car.seats || null,
    vehicleIdentificationNumber: car.vin,
    itemCondition: car.car_type === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
    mileageFromOdometer: car.km === null || car.km === undefined ? null : { "@type": "QuantitativeValue", value: car.km, unitCode: "KMT" },
    // A truck's gross vehicle mass, a caravan's tare and aggregate trailer mass; what either may tow.
    weightTotal: heavy ? kilograms(car.caravan_specifications?.aggregate_trailer_mass ?? car.variant?.grossvehiclemass) : null,
    weight: car.item_type === "caravan" ? kilograms(car.caravan_specifications?.tare_weight) : null,
    trailerWeight: kilograms(car.variant?.towingcapacitybraked),
    image: image ? new URL(image, origin).href : null,
    offers: compact({
      "@type": "Offer",
      url,
      priceCurrency: "AUD",
      price: price.kind === "price" ? price.amount : null,
      availability: isSold(car.status) ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      seller: seller(car, origin, siteName),
    }),
  });
}
