import type { SiteConfig } from "@dealer/shared/config";
import type { Car, VehicleSummary } from "@dealer/shared/contract";
import { primaryPhoto, slotImage } from "@dealer/shared/media";
import {
  carRepayment,
  isInStock,
  listedPrice,
  repaymentBasis,
  repaymentBasisText,
  repaymentRatesText,
  repaymentText,
  shownPriceType,
  vehiclePath,
  vehicleTitle,
} from "@dealer/shared/rules";
import { priceText } from "../fragments/vehicle-detail/view-model";

const kmFormat = new Intl.NumberFormat("en-AU");
const MISSING = "-";

/** Key specs the compare page lines up, in this order. */
function compareSpecs(car: Car): VehicleSummary["specs"] {
  const rows: [string, string | number | null | undefined][] = [
    ["Year", car.year],
    ["Kilometres", car.km === null || car.km === undefined ? null : `${kmFormat.format(car.km)} km`],
    ["Condition", car.car_type],
    ["Body", car.simple_body],
    ["Transmission", car.simple_transmission],
    ["Fuel", car.simple_fuel],
    ["Drive", car.simple_drive],
    ["Engine", car.engine_size_litres ? `${car.engine_size_litres} L` : null],
    ["Seats", car.seats],
    ["Doors", car.doors],
    ["Colour", car.colour],
  ];
  return rows.map(([label, value]) => ({ label, value: value === null || value === undefined || value === "" ? MISSING : String(value) }));
}

export function vehicleSummary(car: Car, config: SiteConfig, now = new Date()): VehicleSummary {
  const price = listedPrice(car, config);
  const inStock = isInStock(car.status);
  const figure = carRepayment(car, config, now);
  const photo = primaryPhoto(car);
  return {
    id: car.id,
    title: vehicleTitle(car),
    path: vehiclePath(car.slug),
    image: photo?.url ?? null,
    pictures: photo && { compare: slotImage("compare", photo.url, photo.photo), saved: slotImage("saved", photo.url, photo.photo) },
    inStock,
    priceText: inStock ? priceText(price) : config.labels.soldLabel,
    priceType: inStock ? shownPriceType(price, car.price_type) : null,
    repayment: figure && { text: repaymentText(figure), rates: repaymentRatesText(figure), basis: repaymentBasisText(repaymentBasis(figure)) },
    specs: compareSpecs(car),
    features: car.standardEquipment,
  };
}
