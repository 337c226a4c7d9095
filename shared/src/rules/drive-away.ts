import type { DriveAwayRates, DutyRule, DutySchedule, StateRates, UnconfirmedFigure, VehicleClass } from "../config/drive-away-rates";
import type { SiteConfig } from "../config/site-config";
import type { Car } from "../contract/car";
import type { AuStateCode } from "./au-states";
import { auStateOf } from "./au-states";
import { calendarDateText } from "./date-words";
import { formatMoney, formatMoneyCents } from "./money";
import { DRIVE_AWAY_TEXT, listedPrice, priceTypeText } from "./price-display";

/**
 * The car page's own drive-away form's fields, read back by the server when the form is sent without JavaScript (the
 * car page's slot plan sends them to VehicleDetail, ADR 0114).
 */
export const DRIVE_AWAY_FORM_FIELDS = { state: "drive_away_state", postcode: "drive_away_postcode" } as const;

/** Cents, so parts add up to their total exactly. */
const cents = (amount: number) => Math.round(amount * 100);
const dollarsOf = (amountCents: number) => amountCents / 100;
const roundCents = (amount: number) => dollarsOf(cents(amount));

/** Duty on a dutiable value by one schedule, to the cent (the schedule's minimum, maximum and rounding applied). */
export function dutyBySchedule(schedule: DutySchedule, value: number): number {
  const step = schedule.roundDownToCents ?? 1;
  return dollarsOf(Math.floor(cents(unroundedDuty(schedule, value)) / step) * step);
}

function unroundedDuty(schedule: DutySchedule, value: number): number {
  if (value <= 0) return 0;
  if (schedule.kind === "sliding") {
    const { lowUpTo, lowPercent, highFrom, highPercent, ratePlaces } = schedule;
    const slope = (highPercent - lowPercent) / (highFrom - lowUpTo);
    const raw = value <= lowUpTo ? lowPercent : value >= highFrom ? highPercent : lowPercent + (value - lowUpTo) * slope;
    const places = 10 ** ratePlaces;
    return roundCents((value * (Math.round(raw * places) / places)) / 100);
  }
  const band = schedule.bands.findLast((candidate, index) => index === 0 || value > candidate.over) ?? { over: 0, base: 0, rate: 0, marginal: true };
  // "Per $100 or part": a part of a unit counts as a whole one (a whole dollar for per-$1 rates).
  const units = (amount: number) => Math.ceil(Math.round(amount * 100) / 100 / schedule.per);
  const duty = band.marginal ? band.base + units(value - band.over) * band.rate : band.base + units(value) * band.rate;
  const floored = Math.max(duty, schedule.minimum ?? 0);
  return roundCents(schedule.maximum === undefined ? floored : Math.min(floored, schedule.maximum));
}

/** What the state's duty rules look at. */
export type DutyFacts = {
  vehicleClass: VehicleClass;
  condition: "new" | "demo" | "used";
  fuel: "electric" | "hybrid" | null;
  cylinders: number | null;
  co2: number | null;
  gvmKg: number | null;
};

/** Grams of CO2 per litre burnt, per 100 (so L/100 km gives g/km): petrol 23.2, diesel 26.4 (the Green Vehicle Guide's factors). */
const CO2_PER_LITRE = { petrol: 23.2, diesel: 26.4 } as const;

/** A car's fuel as the duty rules know it: electric (no engine), hybrid (of any kind), or neither. */
export function dutyFuelOf(fuel: string | null | undefined): DutyFacts["fuel"] {
  const words = fuel?.toLowerCase() ?? "";
  if (words.includes("hybrid")) return "hybrid";
  return words.includes("electric") ? "electric" : null;
}

/** CO2 in g/km: none for an electric car, else from the combined fuel consumption; null when neither is known. */
export function co2Of(fuel: string | null | undefined, litresPer100Km: number | null | undefined): number | null {
  if (dutyFuelOf(fuel) === "electric") return 0;
  if (!litresPer100Km || litresPer100Km <= 0) return null;
  const factor = fuel?.toLowerCase().includes("diesel") ? CO2_PER_LITRE.diesel : CO2_PER_LITRE.petrol;
  return Math.round(litresPer100Km * factor);
}

export type DriveAwayCar = Pick<Car, "item_type" | "car_type" | "fuel" | "simple_fuel" | "variant" | "price_type" | "state" | "location">;

const CLASS_OF_ITEM: Record<Car["item_type"], VehicleClass> = { car: "car", motorcycle: "motorcycle", truck: "lightTruck", caravan: "trailer" };

/** The duty facts the car record gives: its class from its type, fuel, cylinders, CO2 and GVM from its variant. */
export function dutyFactsOf(car: DriveAwayCar): DutyFacts {
  const fuel = car.fuel ?? car.simple_fuel;
  return {
    vehicleClass: CLASS_OF_ITEM[car.item_type],
    condition: car.car_type,
    fuel: dutyFuelOf(fuel),
    cylinders: car.variant?.cylinders ?? null,
    co2: co2Of(fuel, car.variant?.fuelconsumptioncombined),
    gvmKg: car.variant?.grossvehiclemass ?? null,
  };
}

/** The first of the state's duty rules that applies to these facts (a demo as the state charges it). */
export function dutyRuleFor(rates: StateRates, facts: DutyFacts): DutyRule {
  const condition = facts.condition === "demo" ? rates.demoAs : facts.condition;
  const applies = ({ when }: DutyRule) =>
    (!when.classes || when.classes.includes(facts.vehicleClass)) &&
    (!when.conditions || when.conditions.includes(condition) || when.conditions.includes(facts.condition)) &&
    (!when.fuels || (facts.fuel !== null && when.fuels.includes(facts.fuel))) &&
    (when.cylindersAtMost === undefined || (facts.cylinders !== null && facts.cylinders <= when.cylindersAtMost)) &&
    (when.co2AtMost === undefined || (facts.co2 !== null && facts.co2 <= when.co2AtMost)) &&
    (when.gvmOverKg === undefined || (facts.gvmKg !== null && facts.gvmKg > when.gvmOverKg));
  // The schema asks for at least one rule; a state whose rules all miss charges by its last one.
  return rates.duty.find(applies) ?? (rates.duty.at(-1) as DutyRule);
}

export type DriveAwayPart = { name: string; amount: number };
export type DriveAwaySource = { name: string; url: string };
export type PriceBasis = "driveAway" | "exclGovernmentCharges" | "exclGst";

export type DriveAwayEstimate = {
  state: AuStateCode;
  basis: PriceBasis;
  /** The parts' sum, to the cent. */
  total: number;
  parts: DriveAwayPart[];
  /** The date the state's rates are as at (ISO). */
  asAt: string;
  sources: DriveAwaySource[];
  /** For a Drive Away price: "No more to pay in QLD." and what differs in another state. */
  note: string | null;
  /** The parts whose figure no published page confirms for the rates' year (the state's `unconfirmed`; ADR 0090). */
  unconfirmed: string[];
};

export const GST_RATE = 0.1;
export const EXCL_GST_TEXT = "Excl. GST";

/** How the dealer states the price: Drive Away, or excluding government charges, or excluding GST (and those charges). */
export function priceBasisOf(priceType: string | null | undefined): PriceBasis {
  const text = priceTypeText(priceType).toLowerCase();
  if (text === DRIVE_AWAY_TEXT.toLowerCase()) return "driveAway";
  return text === EXCL_GST_TEXT.toLowerCase() ? "exclGst" : "exclGovernmentCharges";
}

export const PART_NAMES = {
  price: "Price",
  gst: "GST (10%)",
  delivery: "Dealer delivery",
  registration: "Registration (12 months)",
  plates: "Number plates",
  transfer: "Registration transfer",
  driveAway: "Drive Away price",
} as const;

/** "Stamp duty (Passenger vehicle)". */
export const dutyPartName = (rule: DutyRule) => `Stamp duty (${rule.label})`;
/** Where insurers set CTP the estimate counts the dearest, and says so. */
export const ctpPartName = (range: { from: number; to: number }) =>
  `CTP insurance (insurers charge ${formatMoney(range.from)} to ${formatMoney(range.to)}; the highest is counted)`;

type GovernmentCharges = { parts: DriveAwayPart[]; total: number; unconfirmed: string[] };

/** The state's charges on a dutiable value: duty, 12 months' registration, CTP where separate, plates or transfer. */
export function governmentCharges(rates: StateRates, facts: DutyFacts, dutiableValue: number): GovernmentCharges {
  const rule = dutyRuleFor(rates, facts);
  const ctp = rates.ctp && facts.vehicleClass !== "trailer" ? rates.ctp[facts.vehicleClass] : null;
  const used = (facts.condition === "demo" ? rates.demoAs : facts.condition) === "used";
  const unconfirmed = new Set<UnconfirmedFigure>(rates.unconfirmed);
  // Each part with the figure of the configuration it comes from.
  const charged: [DriveAwayPart, UnconfirmedFigure][] = [
    [{ name: dutyPartName(rule), amount: dutyBySchedule(rule.schedule, dutiableValue) }, "duty"],
    [{ name: PART_NAMES.registration, amount: rates.registration[facts.vehicleClass] }, `registration.${facts.vehicleClass}`],
    ...(ctp ? [[{ name: ctpPartName(ctp), amount: ctp.to }, "ctp"] as [DriveAwayPart, UnconfirmedFigure]] : []),
    used ? [{ name: PART_NAMES.transfer, amount: rates.transferFee }, "transferFee"] : [{ name: PART_NAMES.plates, amount: rates.plateFee }, "plateFee"],
  ];
  const parts = charged.map(([part]) => part);
  return { parts, total: sumParts(parts), unconfirmed: charged.flatMap(([part, figure]) => (unconfirmed.has(figure) ? [part.name] : [])) };
}

/** What a part no published page confirms is: the car page's words beside the estimate, and the lead's beside each such part. */
export const TYPICAL_AMOUNT = "typical amount";

/**
 * Beside an estimate: which of its parts are typical amounts rather than the office's confirmed figures (ADR 0090).
 * The lead's e-mail, inbox, ADF and CSV carry the same sentence, with the sources after it (ADR 0098).
 */
export const unconfirmedText = (state: AuStateCode, names: string[]) =>
  `Not confirmed against ${state}'s published figures for this year, so ${TYPICAL_AMOUNT}s: ${names.join("; ")}. Check them with the sources below.`;

/** A list of parts' total, added in cents. */
export const sumParts = (parts: DriveAwayPart[]) => dollarsOf(parts.reduce((sum, part) => sum + cents(part.amount), 0));

export type DriveAwayInput = {
  car: DriveAwayCar;
  /** The car's listed price (listedPrice's amount). */
  price: number;
  state: AuStateCode;
  rates: DriveAwayRates;
  deliveryCharge: number;
};

/** The state the dealer's own price registers a Drive Away car in: its location's, else the car's. */
export const dealerStateOf = (car: DriveAwayCar) => auStateOf(car.location?.address.state) ?? auStateOf(car.state);

/**
 * The shopper's drive-away price in their state (issue 34). A price that excludes government charges gets the
 * dealer's delivery, the state's duty on the GST-inclusive price with delivery, 12 months' registration, CTP where
 * separate and plates (new) or a transfer (used); a price excluding GST gets the GST first. A Drive Away price is
 * the total: "no more to pay" in the dealer's state, and in another state what its own charges would be.
 */
export function driveAwayEstimate({ car, price, state, rates, deliveryCharge }: DriveAwayInput): DriveAwayEstimate {
  const stateRates = rates[state];
  const facts = dutyFactsOf(car);
  const basis = priceBasisOf(car.price_type);
  const about = { state, basis, asAt: stateRates.asAt, sources: stateRates.sources };
  if (basis === "driveAway") {
    const parts = [{ name: PART_NAMES.driveAway, amount: price }];
    return { ...about, parts, total: sumParts(parts), note: driveAwayNote(car, price, state, rates, facts), unconfirmed: [] };
  }
  const gst = basis === "exclGst" ? roundCents(price * GST_RATE) : 0;
  const delivery = roundCents(deliveryCharge);
  const charges = governmentCharges(stateRates, facts, price + gst + delivery);
  const parts: DriveAwayPart[] = [
    { name: `${PART_NAMES.price} (${priceTypeText(car.price_type)})`, amount: price },
    ...(gst > 0 ? [{ name: PART_NAMES.gst, amount: gst }] : []),
    ...(delivery > 0 ? [{ name: PART_NAMES.delivery, amount: delivery }] : []),
    ...charges.parts,
  ];
  return { ...about, parts, total: sumParts(parts), note: null, unconfirmed: charges.unconfirmed };
}

/**
 * A listed car's estimate by its site's settings (the price as the page lists it, the site's rates and delivery):
 * the API's, and the lead's when a finance enquiry financed it. Null when the car has no price to estimate from.
 */
export function siteDriveAwayEstimate(car: Car, state: AuStateCode, config: Pick<SiteConfig, "driveAway" | "labels">): DriveAwayEstimate | null {
  const price = listedPrice(car, config);
  if (price.kind !== "price") return null;
  return driveAwayEstimate({ car, price: price.amount, state, rates: config.driveAway.rates, deliveryCharge: config.driveAway.deliveryCharge });
}

export const noMoreToPayText = (state: AuStateCode) => `No more to pay in ${state}.`;

/** What a Drive Away price means for a shopper in the dealer's state, and in another one. */
function driveAwayNote(car: DriveAwayCar, price: number, state: AuStateCode, rates: DriveAwayRates, facts: DutyFacts): string {
  const home = dealerStateOf(car);
  if (home === null || home === state) return noMoreToPayText(state);
  const there = governmentCharges(rates[state], facts, price).total;
  return `${noMoreToPayText(home)} The price registers it in ${home}. Registered in ${state} instead, ${state}'s duty, registration and fees come to about ${formatMoney(there)}: ask the dealer what changes.`;
}

export const estimateAsAtText = (asAt: string) => `Estimate as at ${calendarDateText(asAt)}`;

/** An estimate's dollars: whole dollars as prices are, cents where a duty has them ("$1,487.50"). */
export const driveAwayMoney = (amount: number) => (Number.isInteger(amount) ? formatMoney(amount) : formatMoneyCents(amount));

/** Where a signed-in shopper's postcode is kept with their account (mf-forms, ADR 0079). */
export const ACCOUNT_POSTCODE_PATH = "/api/account/postcode";
export const ACCOUNT_POSTCODE_NOTE = "You're signed in: a postcode you ask for is kept with your account on this site, to fill in here on any device.";
