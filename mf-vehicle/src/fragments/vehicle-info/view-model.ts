import type { SiteConfig } from "@dealer/shared/config";
import type { Car } from "@dealer/shared/contract";
import {
  carsalesTitle,
  dealerCommentParagraphs,
  DEALER_COMMENTS_LIMIT,
  formatMoney,
  isBelowMarket,
  isInstantValuationEligible,
  privateSellerLocation,
  regoExpiryText,
  truncateText,
  visibleSpecRows,
} from "@dealer/shared/rules";

export type InfoRow = { label: string; value: string };
export type InfoSection = { id: string; title: string; rows: InfoRow[] };

/** What the info sections show; all server-rendered, none of it ships to the browser. */
export type VehicleInfoProps = {
  carName: string;
  keyInformation: InfoRow[];
  details: InfoRow[];
  features: string[];
  comments: { paragraphs: string[]; pending: boolean; excerpt: string | null };
  tabs: InfoSection[];
  marketIndicator: { average: string; scope: string } | null;
  /** Instant valuation and finance eligibility (spec §4): links, so no script and no first-load cost. */
  instantValuation: { tradeInHref: string; financeHref: string } | null;
  disclaimer: string;
};

type Value = string | number | boolean | null | undefined;
const numberFormat = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 2 });
const withUnit = (value: number | null | undefined, unit: string) => (value === null || value === undefined ? null : `${numberFormat.format(value)} ${unit}`);

function rows(list: Array<[string, Value]>): InfoRow[] {
  return visibleSpecRows(list.map(([label, value]) => ({ label, value }))).map(({ label, value }) => ({ label, value: String(value) }));
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const VEHICLE_DISCLAIMER =
  "While every care is taken to ensure the accuracy of this listing, details, specifications, features and prices may change. Please confirm all details with the dealer before you buy.";

/** The info sections of a car, by the spec's row rules (empty rows dropped, rego expiry, caravan sizes in metres). */
export function vehicleInfoProps(car: Car, config: SiteConfig, now: Date): VehicleInfoProps {
  const variant = car.variant ?? {};
  const caravan = car.caravan_specifications ?? {};
  const keyInformation = rows([
    ["Kilometres", withUnit(car.km, "km")],
    ["Transmission", car.simple_transmission ?? car.trans],
    ["Body", car.simple_body],
    ["Fuel", car.simple_fuel ?? car.fuel],
    ["Drive", car.simple_drive ?? car.drive],
    ["Engine", car.engine_size_litres ? `${numberFormat.format(car.engine_size_litres)} L` : variant.enginesize_litres ? `${numberFormat.format(variant.enginesize_litres)} L` : null],
    ["Seats", car.seats],
    ["Doors", car.doors],
    ["Colour", car.colour],
    ["Condition", capitalise(car.car_type)],
  ]);
  const details = rows([
    ["Make", car.make],
    ["Model", car.model],
    ["Badge", car.badge],
    ["Series", car.series],
    ["Year", car.year],
    ["Colour", car.colour],
    ["Interior colour", car.interior_colour],
    ["Stock number", car.stocknum],
    ["VIN", car.vin],
    ["Registration", car.regplate],
    ["Registration expiry", regoExpiryText(car.rego_expiry, now, config.features.unregisteredText)],
    ["Build date", car.build_date],
    ["Compliance date", car.compliance_date],
    ["Advertised as", carsalesTitle(car)],
    ["Private seller location", privateSellerLocation(car)],
  ]);
  const tabs: InfoSection[] = [
    {
      id: "engine",
      title: "Engine and performance",
      rows: rows([
        ["Cylinders", variant.cylinders],
        ["Engine size", withUnit(variant.enginesize, "cc")],
        ["Induction", variant.induction],
        ["Torque", withUnit(variant.torque, "Nm")],
        ["Gearbox", variant.geartype],
        ["Fuel consumption (combined)", withUnit(variant.fuelconsumptioncombined, "L/100km")],
        ["Fuel capacity", withUnit(variant.fuelcapacity, "L")],
      ]),
    },
    {
      id: "dimensions",
      title: "Dimensions and towing",
      rows: rows([
        ["Length", withUnit(variant.vehiclelength, "mm")],
        ["Width", withUnit(variant.vehiclewidth, "mm")],
        ["Height", withUnit(variant.vehicleheight, "mm")],
        ["Gross vehicle mass", withUnit(variant.grossvehiclemass, "kg")],
        ["Towing capacity (braked)", withUnit(variant.towingcapacitybraked, "kg")],
        ["Body configuration", variant.bodyconfiguration ?? car.bodyconfiguration],
      ]),
    },
    { id: "safety", title: "Safety", rows: rows([["ANCAP rating", variant.ancaprating ? `${variant.ancaprating} stars` : null]]) },
  ];
  if (car.item_type === "caravan") {
    tabs.unshift({
      id: "caravan",
      title: "Caravan specifications",
      rows: rows([
        // Stored in metres (the stock feed's unit): shown as they are, not converted from feet.
        ["Body length", withUnit(caravan.body_length, "m")],
        ["Body width", withUnit(caravan.body_width, "m")],
        ["Tare weight", withUnit(caravan.tare_weight, "kg")],
        ["Aggregate trailer mass", withUnit(caravan.aggregate_trailer_mass, "kg")],
        ["Axle type", caravan.axle_type],
        ["Sleeps", caravan.sleeps],
      ]),
    });
  }
  const comments = dealerCommentParagraphs(car.dealercomments);
  const whole = comments.paragraphs.join(" ");
  const cut = truncateText(whole, DEALER_COMMENTS_LIMIT);
  const stateAverage = car.autograb_data?.state_average_market_price;
  const average = stateAverage ?? car.autograb_data?.average_market_price;
  return {
    carName: car.name,
    keyInformation,
    details,
    features: car.standardEquipment.map((item) => item.trim()).filter(Boolean),
    comments: { ...comments, excerpt: !comments.pending && cut.truncated ? cut.text : null },
    tabs: tabs.filter((tab) => tab.rows.length > 0),
    marketIndicator:
      isBelowMarket(car) && average ? { average: formatMoney(average), scope: stateAverage && car.state ? car.state : "Australia" } : null,
    instantValuation: isInstantValuationEligible(car, config.features) ? { tradeInHref: "/trade-in", financeHref: `/finance?vehiclePriceBudget=${car.price}` } : null,
    disclaimer: VEHICLE_DISCLAIMER,
  };
}
