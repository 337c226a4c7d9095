import type { CarInput, Location } from "@dealer/shared/contract";
import { COMMENT_CLOSERS, COMMENT_DETAILS, COMMENT_OPENERS, EQUIPMENT, INTERIOR_COLOURS, paintsFor, TAGS } from "./appearance";
import { CATALOGUES, type CatalogueKey, type FuelKind, type ModelSpec } from "./catalogue";
import { addDays, pastTimestamp, yearOf } from "./dates";
import { slugify, TAURUS_MAX_AGE_YEARS } from "@dealer/shared/rules";
import { DEMO_WALKAROUND_VIDEOS } from "@dealer/shared/media";
import { financeLenders } from "./finance";
import { pictureBody, vehicleMedia } from "./media";
import type { Rng } from "./prng";
import type { DemoDealershipDef, DemoSiteDef } from "./sites";

/** An embeddable walkaround video (the video service's embed prefix) for demo cars. */
const DEMO_WALKAROUND_VIDEO = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
/** The dealer-hosted walkaround videos the gateway serves (ADR 0054), for the stock they show. */
const DEMO_NATIVE_VIDEO: Partial<Record<CatalogueKey, string>> = { cars: DEMO_WALKAROUND_VIDEOS.car, motorcycles: DEMO_WALKAROUND_VIDEOS.motorcycle };

type CarType = "new" | "demo" | "used";

const FUEL: Record<FuelKind, { simple: string | null; fuel: string | null }> = {
  petrol: { simple: "Petrol", fuel: "Unleaded Petrol" },
  diesel: { simple: "Diesel", fuel: "Diesel" },
  hybrid: { simple: "Hybrid", fuel: "Hybrid (Petrol)" },
  electric: { simple: "Electric", fuel: "Electric" },
  phev: { simple: "Plug-in Hybrid", fuel: "Plug-in Hybrid (Petrol)" },
  none: { simple: null, fuel: null },
};

const DRIVE: Record<string, string> = {
  FWD: "Front Wheel Drive",
  RWD: "Rear Wheel Drive",
  AWD: "All Wheel Drive",
  "4WD": "Four Wheel Drive",
  Chain: "Chain",
};

const ITEM_TYPE: Record<CatalogueKey, CarInput["item_type"]> = {
  cars: "car",
  motorcycles: "motorcycle",
  trucks: "truck",
  caravans: "caravan",
};

/** Kilometres a year by catalogue, a low and high figure. */
const KM_PER_YEAR: Record<CatalogueKey, [number, number] | null> = {
  cars: [9000, 19000],
  motorcycles: [2500, 7000],
  trucks: [50000, 120000],
  caravans: null,
};

const roundPrice = (value: number) => Math.max(4990, Math.round(value / 1000) * 1000 - 10);

function pickCarType(mix: DemoDealershipDef["mix"], rng: Rng): CarType {
  const roll = rng.next();
  if (roll < mix.new) return "new";
  return roll < mix.new + mix.demo ? "demo" : "used";
}

function pickModel(catalogue: CatalogueKey, carType: CarType, franchiseMakes: string[], rng: Rng): ModelSpec {
  const all = CATALOGUES[catalogue];
  const franchise = all.filter((spec) => franchiseMakes.includes(spec.make) && spec.make !== "Holden");
  return rng.pick(carType === "used" || franchise.length === 0 ? all.filter((s) => carType === "used" || s.make !== "Holden") : franchise);
}

function modelYear(spec: ModelSpec, carType: CarType, thisYear: number, rng: Rng): number {
  if (carType === "new") return rng.chance(0.85) ? thisYear : thisYear - 1;
  if (carType === "demo") return rng.chance(0.6) ? thisYear : thisYear - 1;
  const year = thisYear - Math.min(rng.int(1, 8), rng.int(1, 14));
  // Holden stopped selling new cars in 2020; electric newcomers are recent.
  if (spec.make === "Holden") return Math.min(year, 2020);
  if (spec.fuel === "electric" || spec.fuel === "phev") return Math.max(year, thisYear - 4);
  return year;
}

function regoPlate(state: string, rng: Rng): string {
  const letters = "ABCDEFGHJKLMNPRSTUVWXYZ";
  const l = () => letters[rng.int(0, letters.length - 1)];
  const d = () => String(rng.int(0, 9));
  switch (state) {
    case "NSW":
      return `${l()}${l()}${d()}${d()}${l()}${l()}`;
    case "VIC":
      return `${d()}${l()}${l()}${d()}${l()}${l()}`;
    case "WA":
      return `1${l()}${l()}${l()}${d()}${d()}${d()}`;
    case "SA":
      return `S${d()}${d()}${d()}${l()}${l()}${l()}`;
    default:
      return `${d()}${d()}${d()}${l()}${l()}${l()}`;
  }
}

function vin(rng: Rng): string {
  const chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
  return Array.from({ length: 17 }, () => chars[rng.int(0, chars.length - 1)]).join("");
}

function seatsAndDoors(catalogue: CatalogueKey, body: string, spec: ModelSpec): { seats: number | null; doors: number | null } {
  if (catalogue === "caravans") return { seats: null, doors: 1 };
  if (catalogue === "motorcycles") return { seats: spec.seats, doors: 0 };
  if (catalogue === "trucks") return { seats: spec.seats, doors: 2 };
  const doors = body === "Coupe" || body === "Convertible" || body === "Cab Chassis" ? 2 : body === "Sedan" || body === "Ute" ? 4 : 5;
  return { seats: spec.seats, doors };
}

function transmission(catalogue: CatalogueKey, spec: ModelSpec, rng: Rng) {
  if (catalogue === "caravans") return { simple: null, trans: null, gears: null };
  if (spec.fuel === "electric") return { simple: "Automatic", trans: "1 Speed Reduction Gear", gears: 1 };
  if (catalogue === "motorcycles") return { simple: "Manual", trans: "6 Speed Manual", gears: 6 };
  if (catalogue === "trucks") {
    const gears = rng.pick([6, 12, 16]);
    return rng.chance(0.7)
      ? { simple: "Automatic", trans: `${gears} Speed Automated Manual`, gears }
      : { simple: "Manual", trans: `${gears} Speed Manual`, gears };
  }
  if (rng.chance(0.1)) return { simple: "Manual", trans: "6 Speed Manual", gears: 6 };
  if (spec.fuel === "hybrid") return { simple: "Automatic", trans: "Continuous Variable", gears: null };
  const gears = rng.pick([6, 8, 10]);
  return { simple: "Automatic", trans: `${gears} Speed Automatic`, gears };
}

/** A paragraph that takes a car's comments past the 400-character cut (Read More). */
const LONG_DEALER_COMMENT =
  "Every vehicle we sell is inspected by our qualified technicians before it reaches the yard, and this one is no exception: the brakes, tyres, suspension, cooling system and electrics have all been checked, the service history has been verified with the previous owner, and any item that did not meet our standard has been replaced. Ask our team for the inspection report, or book a test drive and see for yourself why our customers come back to us.";

function dealerComments(rng: Rng): string | null {
  if (rng.chance(0.05)) return null;
  return [rng.pick(COMMENT_OPENERS), ...rng.sample(COMMENT_DETAILS, rng.int(1, 3)), rng.pick(COMMENT_CLOSERS)].join("|");
}

export interface VehicleContext {
  site: DemoSiteDef;
  dealership: DemoDealershipDef;
  /** The dealership's locations that sell. */
  salesLocations: Location[];
  today: string;
  /** Where the demo's photographs are served (db/demo/media.ts). */
  photoOrigin: string;
  rng: Rng;
}

/** One stock item; `index` numbers it within its dealership, `id` is unique across all sites. */
// A few used cars are a private seller's, sold on consignment: they carry the seller's suburb and the
// listing's own carsales title. Chosen by index, not the rng, so every other demo car stays as it was.
const PRIVATE_SELLER_PLACE: Record<string, { suburb: string; postcode: string }> = {
  NSW: { suburb: "Parramatta", postcode: "2150" },
  VIC: { suburb: "Box Hill", postcode: "3128" },
  QLD: { suburb: "Chermside", postcode: "4032" },
  WA: { suburb: "Joondalup", postcode: "6027" },
  SA: { suburb: "Glenelg", postcode: "5045" },
  TAS: { suburb: "Sandy Bay", postcode: "7005" },
  ACT: { suburb: "Belconnen", postcode: "2617" },
  NT: { suburb: "Casuarina", postcode: "0810" },
};

function consignment(carType: CarType, index: number, state: string, name: string) {
  const place = carType === "used" && index % 20 === 7 ? PRIVATE_SELLER_PLACE[state] : undefined;
  if (!place) return { private_suburb: null, private_postcode: null, carsales_title: name };
  return { private_suburb: place.suburb, private_postcode: place.postcode, carsales_title: `${name} - Private Sale, One Owner` };
}

export function buildVehicle(ctx: VehicleContext, id: number, index: number): CarInput {
  const { site, dealership, today, rng } = ctx;
  const catalogue = site.catalogue;
  const thisYear = yearOf(today);
  const carType = pickCarType(dealership.mix, rng);
  const spec = pickModel(catalogue, carType, dealership.franchiseMakes, rng);
  const badgeIndex = rng.int(0, spec.badges.length - 1);
  const badge = spec.badges[badgeIndex] as string;
  const body = rng.pick(spec.bodies);
  const modelled = modelYear(spec, carType, thisYear, rng);
  // Issue 22's rows: some used stock of a Taurus-type lender's site is older than its 12-year limit (by index, no draw).
  const year = site.financeProvider === "taurus" && carType === "used" && index % 40 === 17 ? thisYear - TAURUS_MAX_AGE_YEARS - 1 : modelled;
  const age = thisYear - year;
  const location = rng.pick(ctx.salesLocations);
  const [paintName, paintKey] = rng.pick(paintsFor(catalogue, pictureBody(catalogue, body)));
  const stocknum = `${dealership.stockPrefix}${10001 + index}`;
  const name = `${year} ${spec.make} ${spec.model} ${badge}`;

  // Price: the badge's new price, less depreciation for demo and used stock.
  const share = spec.badges.length > 1 ? badgeIndex / (spec.badges.length - 1) : 0;
  const newPrice = spec.price[0] + (spec.price[1] - spec.price[0]) * share;
  const kmRange = KM_PER_YEAR[catalogue];
  const km =
    kmRange === null
      ? null
      : carType === "new"
        ? rng.int(5, 50)
        : carType === "demo"
          ? rng.int(1500, 9500)
          : Math.round((Math.max(age, 0.5) * rng.int(kmRange[0], kmRange[1])) / 100) * 100;
  const depreciation = carType === "new" ? 1 : carType === "demo" ? 0.92 : 0.86 ** age * rng.int(88, 108) / 100;
  const hasPrice = !rng.chance(0.04);

  // State: status, sold date and how long it has been in stock.
  const roll = rng.next();
  const status = roll < 0.06 ? "coming_soon" : roll < 0.12 ? "sold-recent" : roll < 0.2 ? "sold" : "in_stock";
  const soldDaysAgo = status === "sold-recent" ? rng.int(0, 2) : status === "sold" ? rng.int(4, 60) : null;
  const daysInStock = rng.chance(0.1) ? rng.int(0, 7) : rng.int(8, 150) + (soldDaysAgo ?? 0);
  const createdDate = addDays(today, -daysInStock);
  const soldDate = soldDaysAgo === null ? null : addDays(today, -soldDaysAgo);
  const updatedDate = soldDate ?? addDays(createdDate, rng.int(0, daysInStock));
  const inStock = status === "in_stock" || status === "coming_soon";
  const preorder = carType === "new" && status === "coming_soon" && rng.chance(0.5);
  const price = hasPrice && !(preorder && rng.chance(0.5)) ? roundPrice(newPrice * depreciation) : null;
  const onOffer = price !== null && inStock && rng.chance(0.1);
  // The rng is drawn only where it always was (short-circuit), so no other site's seeded stock moves.
  const subscription =
    site.config.features?.subscriptions === true && price !== null && price < 90000 && (site.subscriptionPick === "index" ? inStock && index % 8 === 5 : rng.chance(0.12));

  const fuel = FUEL[spec.fuel];
  const gear = transmission(catalogue, spec, rng);
  const { seats, doors } = seatsAndDoors(catalogue, body, spec);
  const engineCc = spec.engine ? Math.round(spec.engine * 1000) : null;
  const lastMonth = year === thisYear ? Number(today.slice(5, 7)) : 12;
  const buildMonth = `${year}-${String(rng.int(1, lastMonth)).padStart(2, "0")}`;
  const registered = carType !== "new" && catalogue !== "caravans" ? true : carType !== "new" && rng.chance(0.8);

  const car: CarInput = {
    id,
    slug: slugify(`${year} ${spec.make} ${spec.model} ${badge} ${stocknum}`),
    name,
    year,
    make: spec.make,
    model: spec.model,
    badge,
    series: catalogue === "cars" ? `MY${String(year).slice(2)}` : null,
    colour: paintName,
    interior_colour: catalogue === "cars" ? rng.pick(INTERIOR_COLOURS) : null,
    stocknum,
    vin: vin(rng),
    nvic: catalogue === "cars" ? `${spec.make.slice(0, 2).toUpperCase()}${rng.int(1000, 9999)}` : null,
    regplate: registered ? regoPlate(location.address.state, rng) : null,
    rego_expiry: registered ? addDays(today, rng.int(-90, 360)) : null,
    build_date: buildMonth,
    compliance_date: buildMonth,
    price,
    before_price: onOffer && price !== null ? price + rng.int(2, 12) * 500 : null,
    offer_price: onOffer ? price : null,
    subscription_price: subscription && price !== null ? Math.round(price / 208) + 39 : null,
    price_type: carType === "used" && rng.chance(0.3) ? "Excl. Government Charges" : catalogue === "trucks" ? "Excl. GST" : "Drive Away",
    preorder,
    youxQuote:
      catalogue === "cars" && price !== null && rng.chance(0.12)
        ? { weeklyRepaymentAmount: Math.round(price / 230), advertisedRate: rng.int(749, 1199) / 100, comparisonRate: rng.int(1200, 1399) / 100 }
        : null,
    autograb_data:
      carType === "used" && price !== null && rng.chance(0.35)
        ? (() => {
            const state = Math.round((price * rng.int(92, 118)) / 100);
            return { state_average_market_price: rng.chance(0.8) ? state : null, average_market_price: Math.round((state * rng.int(97, 104)) / 100) };
          })()
        : null,
    status: status === "sold-recent" ? "sold" : status,
    sold_date: soldDate ? pastTimestamp(soldDate, today, rng.int(9, 16), rng.int(0, 59)) : null,
    show_on_dealer_website: rng.chance(0.98),
    car_type: carType,
    tag: inStock && rng.chance(0.07) ? rng.pick(TAGS) : null,
    reserved: status === "in_stock" && rng.chance(0.04),
    certified: carType === "used" && status !== "coming_soon" && rng.chance(dealership.certifiedShare),
    created_at: pastTimestamp(createdDate, today, rng.int(7, 11), rng.int(0, 59)),
    updated_at: pastTimestamp(updatedDate, today, 17, rng.int(0, 59)),
    views: rng.int(0, 2500),
    file: carType === "used" && rng.chance(0.35) ? `https://example.com/history-reports/${stocknum.toLowerCase()}.pdf` : null,
    item_type: ITEM_TYPE[catalogue],
    path: null,
    has_nvic: catalogue === "cars",
    trade_in_enabled: rng.chance(0.92),
    checkout_enabled: false,
    simple_body: body,
    simple_transmission: gear.simple,
    simple_fuel: fuel.simple,
    simple_drive: catalogue === "caravans" ? null : spec.drive,
    trans: gear.trans,
    drive: catalogue === "caravans" ? null : (DRIVE[spec.drive] ?? null),
    fuel: fuel.fuel,
    seats,
    doors,
    km,
    engine_size: engineCc,
    engine_size_litres: spec.engine || null,
    gearnum: gear.gears,
    bodyconfiguration: body === "Ute" ? "Dual Cab" : catalogue === "trucks" ? "Single Cab" : null,
    variant:
      catalogue === "caravans"
        ? null
        : {
            cylinders: spec.cylinders || null,
            enginesize: engineCc,
            enginesize_litres: spec.engine || null,
            induction: spec.fuel === "electric" ? null : spec.engine >= 2 || catalogue === "trucks" ? "Turbo Intercooled" : "Aspirated",
            fuelconsumptioncombined:
              spec.fuel === "electric" ? null : Math.round((catalogue === "trucks" ? rng.int(150, 400) : spec.fuel === "hybrid" ? rng.int(38, 55) : rng.int(45, 110)) ) / 10,
            fuelcapacity: spec.fuel === "electric" ? null : catalogue === "motorcycles" ? rng.int(12, 25) : catalogue === "trucks" ? rng.int(100, 800) : rng.int(45, 95),
            grossvehiclemass: catalogue === "trucks" ? (spec.size ?? null) : catalogue === "cars" ? rng.int(1800, 3300) : null,
            vehiclelength: catalogue === "motorcycles" ? rng.int(2000, 2400) : catalogue === "trucks" ? rng.int(5500, 9500) : rng.int(3900, 5400),
            vehicleheight: catalogue === "motorcycles" ? rng.int(1050, 1450) : catalogue === "trucks" ? rng.int(2300, 3600) : rng.int(1300, 1950),
            vehiclewidth: catalogue === "motorcycles" ? rng.int(750, 950) : catalogue === "trucks" ? rng.int(1990, 2500) : rng.int(1700, 2050),
            towingcapacitybraked: catalogue === "cars" ? (body === "Ute" || spec.drive === "4WD" ? 3500 : rng.pick([750, 1500, 1800, 2000])) : null,
            bodyconfiguration: body === "Ute" ? "Dual Cab" : null,
            torque: catalogue === "motorcycles" ? rng.int(35, 145) : catalogue === "trucks" ? rng.int(400, 3000) : rng.int(150, 700),
            ancaprating: catalogue === "cars" ? (rng.chance(0.85) ? 5 : 4) : null,
            geartype: gear.simple,
          },
    caravan_specifications:
      catalogue === "caravans"
        ? (() => {
            const tare = rng.int(1400, 3000);
            return {
              body_width: rng.int(230, 250) / 100,
              body_length: spec.size ?? null,
              tare_weight: tare,
              axle_type: (spec.size ?? 0) >= 5.5 ? "Tandem" : "Single",
              sleeps: spec.seats,
              aggregate_trailer_mass: tare + rng.int(400, 900),
            };
          })()
        : null,
    ...vehicleMedia(
      pictureBody(catalogue, body),
      paintKey,
      stocknum,
      { withImages: status !== "coming_soon" || rng.chance(0.5), withSpin: catalogue !== "caravans" && rng.chance(0.15), photoOrigin: ctx.photoOrigin },
      rng,
    ),
    video_url: null,
    external_video_url: null,
    standardEquipment: rng.sample(EQUIPMENT[catalogue], rng.int(8, 18)),
    dealercomments: dealerComments(rng),
    ...consignment(carType, index, location.address.state, name),
    site: site.slug,
    dealership_slug: dealership.slug,
    dealership_id: dealership.id,
    city: location.address.city,
    state: location.address.state,
    location: {
      id: location.id,
      name: location.name,
      slug: location.slug,
      phone: location.contact_detail.phone,
      address: {
        id: location.id,
        street: location.address.street,
        city: location.address.city,
        state: location.address.state,
        postcode: location.address.postcode,
        place_url: location.address.place_url ?? null,
      },
      distribution_locations: location.distribution_locations,
    },
    finance_lenders:
      price !== null && price > 500 && rng.chance(0.95) ? financeLenders(site.financeProvider, price, carType !== "used", rng) : {},
    payment_processors: [],
  };
  if (inStock && price !== null && rng.chance(0.3)) {
    car.checkout_enabled = true;
    car.payment_processors = ["stripe"];
  }
  // Issue 22's rows, chosen by index so the seeded sequence is unchanged: dealer comments past the 400-character
  // cut, and lender figures without a comparison rate (the finance box then hides).
  if (car.dealercomments && index % 10 === 3) car.dealercomments = `${car.dealercomments}|${LONG_DEALER_COMMENT}`;
  const entry = car.finance_lenders?.[site.financeProvider];
  if (entry && index % 25 === 11) entry.comparisonRate = null;
  // Every fourth car drawn a spin also has an embedded walkaround video, and another fourth of the cars and motorcycles
  // drawn a spin a dealer-hosted one that plays natively; chosen by id, so the seeded sequence is unchanged.
  if (car.spin_code && car.id % 4 === 0) car.external_video_url = DEMO_WALKAROUND_VIDEO;
  if (car.spin_code && car.id % 4 === 1) car.video_url = DEMO_NATIVE_VIDEO[catalogue] ?? null;
  car.path = `/cars/${car.slug}`;
  return car;
}
