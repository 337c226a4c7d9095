import { z } from "zod";
import { VEHICLE_CLASSES } from "../rules/au-states";
import { AU_STATES } from "../rules/public-holidays";

/**
 * Government charges on a vehicle, per state and territory, as data (issue 34, ADR 0068): each state's stamp duty
 * rules, 12 months' registration by class, CTP where an insurer charges it apart from the registration, plate and
 * transfer fees, with the date they are as at and the pages they come from. The platform's default configuration
 * carries DEFAULT_DRIVE_AWAY_RATES; an operator overrides any figure in a site's settings (`driveAway.rates`) without
 * a deploy, and every figure is checked here before any page uses it.
 */
export const auStateSchema = z.enum(AU_STATES);
export type AuState = z.infer<typeof auStateSchema>;

export const vehicleClassSchema = z.enum(VEHICLE_CLASSES);
export type VehicleClass = z.infer<typeof vehicleClassSchema>;

const dollars = z.number().min(0).max(1_000_000);
const percent = z.number().min(0).max(100);
const date = z.iso.date();

/**
 * One band of a duty schedule, used when the dutiable value is over `over`: marginal bands charge `base` plus `rate`
 * per `per` dollars (or part) of the value above `over`; whole-value bands charge `rate` per `per` dollars (or part)
 * of the whole value (QLD's and VIC's dearer rates apply to the whole value once it is over the threshold).
 */
/** A duty rounded down to a multiple of these cents (WA: "rounded down to the nearest 5 cents", Duties Act 2008 s 236(1)). */
const roundDownSchema = z.number().int().min(1).max(100).optional();

const bandSchema = z.object({ over: dollars, base: dollars, rate: z.number().min(0).max(100), marginal: z.boolean() }).strict();

export const dutyScheduleSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("bands"),
      /** Dollars the rate is charged on, "or part" of them (100 or 200); 1 charges the rate per whole dollar. */
      per: z.number().int().positive().max(1000),
      bands: z.array(bandSchema).min(1).max(12),
      minimum: dollars.optional(),
      maximum: dollars.optional(),
      roundDownToCents: roundDownSchema,
    })
    .strict(),
  /** WA's light vehicles: a flat percent up to `lowUpTo`, rising in a straight line to `highPercent` at `highFrom`. */
  z
    .object({
      kind: z.literal("sliding"),
      lowUpTo: dollars,
      lowPercent: percent,
      highFrom: dollars,
      highPercent: percent,
      ratePlaces: z.number().int().min(0).max(6),
      roundDownToCents: roundDownSchema,
    })
    .strict(),
]);
export type DutySchedule = z.infer<typeof dutyScheduleSchema>;

/** What a duty rule applies to; an absent condition matches every car. The first rule that matches decides. */
const dutyWhenSchema = z
  .object({
    classes: z.array(vehicleClassSchema).min(1).optional(),
    conditions: z.array(z.enum(["new", "demo", "used"])).min(1).optional(),
    fuels: z.array(z.enum(["electric", "hybrid"])).min(1).optional(),
    cylindersAtMost: z.number().int().min(0).max(16).optional(),
    /** Carbon dioxide in g/km (from the fuel and its combined consumption where the feed has no figure). */
    co2AtMost: z.number().min(0).max(1000).optional(),
    gvmOverKg: z.number().min(0).max(100_000).optional(),
  })
  .strict();

const dutyRuleSchema = z.object({ label: z.string().min(1).max(100), when: dutyWhenSchema, schedule: dutyScheduleSchema }).strict();
export type DutyRule = z.infer<typeof dutyRuleSchema>;

const perClass = z.object({ car: dollars, motorcycle: dollars, lightTruck: dollars, trailer: dollars }).strict();

/**
 * The figures of a state that no published page has confirmed for the year its `asAt` names (ADR 0090): the page
 * names them beside the estimate, so a typical amount is never presented as the office's own figure.
 */
export const UNCONFIRMED_FIGURES = [
  "duty",
  "registration.car",
  "registration.motorcycle",
  "registration.lightTruck",
  "registration.trailer",
  "ctp",
  "plateFee",
  "transferFee",
] as const;
export type UnconfirmedFigure = (typeof UNCONFIRMED_FIGURES)[number];
const rangeSchema = z.object({ from: dollars, to: dollars }).strict().refine((range) => range.from <= range.to, { message: "from is at most to" });

export const stateRatesSchema = z
  .object({
    asAt: date,
    /** The state revenue office's duty page, and the transport department's fee page. */
    sources: z.array(z.object({ name: z.string().min(1).max(100), url: z.url({ protocol: /^https$/ }).max(500) }).strict()).min(1).max(4),
    /** How the state charges a demonstrator: as new or as used. */
    demoAs: z.enum(["new", "used"]),
    duty: z.array(dutyRuleSchema).min(1).max(20),
    /** 12 months' registration, with whatever the state bundles in it (VIC's TAC charge, WA's and TAS's insurance). */
    registration: perClass,
    /** Compulsory third party insurance where insurers set it apart from the registration: the range they charge. */
    ctp: z.object({ car: rangeSchema, motorcycle: rangeSchema, lightTruck: rangeSchema }).strict().nullable(),
    plateFee: dollars,
    transferFee: dollars,
    unconfirmed: z.array(z.enum(UNCONFIRMED_FIGURES)).max(UNCONFIRMED_FIGURES.length).optional(),
  })
  .strict();
export type StateRates = z.infer<typeof stateRatesSchema>;

export const driveAwayRatesSchema = z.record(auStateSchema, stateRatesSchema);
export type DriveAwayRates = z.infer<typeof driveAwayRatesSchema>;

const band = (over: number, base: number, rate: number, marginal = true) => ({ over, base, rate, marginal });
const flat = (per: number, rate: number) => ({ kind: "bands" as const, per, bands: [band(0, 0, rate)] });
const NO_DUTY = flat(100, 0);
/**
 * Registration, CTP, plate and transfer fees that no stored transport department page confirms for 2025-26 (ADR 0090
 * lists what was searched): typical amounts, named as such beside every estimate that uses them.
 */
const FEES_UNCONFIRMED: UnconfirmedFigure[] = ["registration.car", "registration.motorcycle", "registration.lightTruck", "registration.trailer", "ctp", "plateFee", "transferFee"];

/**
 * Best reading of each office's published 2025-26 tables (effective 1 July 2025). Registration is a light vehicle's
 * typical 12 months (the states price it by mass, cylinders or area, which a listing seldom gives), so it is named an
 * estimate on every page; each state's `unconfirmed` names the figures no published 2025-26 page confirms (ADR 0090).
 */
export const DEFAULT_DRIVE_AWAY_RATES: DriveAwayRates = {
  NSW: {
    asAt: "2025-07-01",
    sources: [
      { name: "Revenue NSW: motor vehicle duty", url: "https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/motor-vehicle-duty" },
      { name: "Transport for NSW: registration costs", url: "https://www.nsw.gov.au/driving-boating-and-transport/vehicle-registration" },
    ],
    demoAs: "new",
    duty: [
      // $3 per $100 (or part) to $45,000, then $1,350 plus $5 per $100 over it; every other vehicle $3 per $100.
      { label: "Passenger vehicle", when: { classes: ["car"] }, schedule: { kind: "bands", per: 100, bands: [band(0, 0, 3), band(45_000, 1_350, 5)] } },
      { label: "Non-passenger vehicle", when: {}, schedule: flat(100, 3) },
    ],
    registration: { car: 520, motorcycle: 160, lightTruck: 860, trailer: 340 },
    ctp: { car: { from: 450, to: 1_100 }, motorcycle: { from: 180, to: 700 }, lightTruck: { from: 500, to: 1_300 } },
    plateFee: 46,
    transferFee: 40,
    unconfirmed: FEES_UNCONFIRMED,
  },
  VIC: {
    asAt: "2025-07-01",
    sources: [
      { name: "State Revenue Office Victoria: motor vehicle duty rates", url: "https://www.sro.vic.gov.au/rates-taxes-duties-and-levies/motor-vehicle-duty-current-rates" },
      { name: "VicRoads: registration fees", url: "https://www.vicroads.vic.gov.au/registration/registration-fees" },
      { name: "State Revenue Office Victoria: drive-away deals 2025-26", url: "https://www.sro.vic.gov.au/node/16793" },
    ],
    demoAs: "new",
    duty: [
      // Caravans and trailers are not motor vehicles: no duty.
      { label: "Trailer or caravan (no duty)", when: { classes: ["trailer"] }, schedule: NO_DUTY },
      { label: "Green passenger car", when: { classes: ["car"], co2AtMost: 120 }, schedule: flat(200, 8.4) },
      {
        label: "New passenger car",
        when: { classes: ["car"], conditions: ["new", "demo"] },
        // The dearer rates apply to the whole value over the luxury car tax threshold: $80,567 for 2025-26 (the SRO's
        // "Drive-away deals 2025-26", registrations from 1 July 2025; ADR 0086).
        schedule: { kind: "bands", per: 200, bands: [band(0, 0, 8.4), band(80_567, 0, 10.4, false), band(100_000, 0, 14, false), band(150_000, 0, 18, false)] },
      },
      // Motorcycles are non-passenger vehicles: new, they pay the new non-passenger rate.
      { label: "New non-passenger vehicle", when: { classes: ["lightTruck", "motorcycle"], conditions: ["new", "demo"] }, schedule: flat(200, 5.4) },
      { label: "Used vehicle", when: {}, schedule: flat(200, 8.4) },
    ],
    // A new passenger car's 12 months with the TAC charge: the "registration costs to be deducted" of the SRO's
    // drive-away deals 2025-26 (ADR 0086). Motorcycle, light truck and trailer, the plate and the transfer fee are
    // unverified: no stored VicRoads page gives a dated figure for them (and the SRO's page does not say whether
    // its figure includes the plates, so a new car's estimate may count them twice).
    registration: { car: 973.7, motorcycle: 560, lightTruck: 1_100, trailer: 200 },
    ctp: null,
    plateFee: 40,
    transferFee: 48,
    unconfirmed: ["registration.motorcycle", "registration.lightTruck", "registration.trailer", "plateFee", "transferFee"],
  },
  QLD: {
    asAt: "2025-07-01",
    sources: [
      { name: "Queensland Government: vehicle registration duty rates", url: "https://www.qld.gov.au/transport/registration/fees/duty/rates" },
      { name: "Queensland Government: registration fees", url: "https://www.qld.gov.au/transport/registration/fees/cost" },
    ],
    demoAs: "new",
    // Per $100 or part; over $100,000 a light vehicle's dearer rate applies to the whole value (heavy ones have none).
    duty: [
      { label: "Trailer or caravan (no duty)", when: { classes: ["trailer"] }, schedule: NO_DUTY },
      { label: "Heavy hybrid or electric", when: { gvmOverKg: 4_500, fuels: ["electric", "hybrid"] }, schedule: flat(100, 2) },
      { label: "Heavy vehicle, 1 to 4 cylinders", when: { gvmOverKg: 4_500, cylindersAtMost: 4 }, schedule: flat(100, 3) },
      { label: "Heavy vehicle, 5 or 6 cylinders", when: { gvmOverKg: 4_500, cylindersAtMost: 6 }, schedule: flat(100, 3.5) },
      { label: "Heavy vehicle, 7 or more cylinders", when: { gvmOverKg: 4_500 }, schedule: flat(100, 4) },
      { label: "Hybrid or electric", when: { fuels: ["electric", "hybrid"] }, schedule: { kind: "bands", per: 100, bands: [band(0, 0, 2), band(100_000, 0, 4, false)] } },
      { label: "1 to 4 cylinders", when: { cylindersAtMost: 4 }, schedule: { kind: "bands", per: 100, bands: [band(0, 0, 3), band(100_000, 0, 5, false)] } },
      { label: "5 or 6 cylinders", when: { cylindersAtMost: 6 }, schedule: { kind: "bands", per: 100, bands: [band(0, 0, 3.5), band(100_000, 0, 5.5, false)] } },
      // Cylinders unknown reads as the dearest rate: an estimate never understates.
      { label: "7 or more cylinders", when: {}, schedule: { kind: "bands", per: 100, bands: [band(0, 0, 4), band(100_000, 0, 6, false)] } },
    ],
    registration: { car: 445, motorcycle: 130, lightTruck: 700, trailer: 320 },
    ctp: { car: { from: 395, to: 425 }, motorcycle: { from: 250, to: 600 }, lightTruck: { from: 430, to: 560 } },
    plateFee: 40,
    transferFee: 39,
    unconfirmed: FEES_UNCONFIRMED,
  },
  WA: {
    asAt: "2025-07-01",
    sources: [
      { name: "RevenueWA: vehicle licence duty", url: "https://www.wa.gov.au/organisation/department-of-finance/vehicle-licence-duty" },
      { name: "Department of Transport WA: licence fees", url: "https://www.transport.wa.gov.au/licensing/vehicle-licence-fees.asp" },
    ],
    demoAs: "new",
    duty: [
      { label: "Caravan or camper trailer (no duty)", when: { classes: ["trailer"] }, schedule: NO_DUTY },
      // 3% of the value, at most $12,000.
      { label: "Heavy vehicle", when: { gvmOverKg: 4_500 }, schedule: { kind: "bands", per: 1, bands: [band(0, 0, 0.03)], maximum: 12_000, roundDownToCents: 5 } },
      // 2.75% to $25,000; 2.75 + (value - 25,000) / 6,666.66 % (two places) to $50,000; 6.5% over. Every WA duty is
      // "rounded down to the nearest 5 cents" (Duties Act 2008 s 236(1)).
      {
        label: "Light vehicle",
        when: {},
        schedule: { kind: "sliding", lowUpTo: 25_000, lowPercent: 2.75, highFrom: 50_000, highPercent: 6.5, ratePlaces: 2, roundDownToCents: 5 },
      },
    ],
    registration: { car: 900, motorcycle: 330, lightTruck: 1_150, trailer: 260 },
    ctp: null,
    plateFee: 30,
    transferFee: 27,
    unconfirmed: FEES_UNCONFIRMED,
  },
  SA: {
    asAt: "2025-07-01",
    sources: [
      { name: "RevenueSA: stamp duty on motor vehicles", url: "https://www.revenuesa.sa.gov.au/motorvehicles" },
      { name: "mySA GOV: registration fees", url: "https://www.sa.gov.au/topics/driving-and-transport/registration/registration-fees" },
      { name: "mySA GOV: stamp duty on vehicles", url: "https://www.sa.gov.au/topics/driving-and-transport/motoring-fees/stamp-duty" },
    ],
    demoAs: "new",
    duty: [
      // Trailers and caravans of 4.5 t GTM or less pay no stamp duty.
      { label: "Trailer or caravan (no duty)", when: { classes: ["trailer"] }, schedule: NO_DUTY },
      {
        label: "Commercial vehicle",
        when: { classes: ["lightTruck"] },
        schedule: { kind: "bands", per: 100, minimum: 5, bands: [band(0, 0, 1), band(1_000, 10, 2), band(2_000, 30, 3), band(3_000, 60, 3)] },
      },
      {
        label: "Non-commercial vehicle",
        when: {},
        schedule: { kind: "bands", per: 100, minimum: 5, bands: [band(0, 0, 1), band(1_000, 10, 2), band(2_000, 30, 3), band(3_000, 60, 4)] },
      },
    ],
    registration: { car: 420, motorcycle: 180, lightTruck: 620, trailer: 140 },
    ctp: { car: { from: 350, to: 450 }, motorcycle: { from: 200, to: 450 }, lightTruck: { from: 360, to: 470 } },
    plateFee: 38,
    transferFee: 35,
    unconfirmed: FEES_UNCONFIRMED,
  },
  TAS: {
    asAt: "2025-07-01",
    sources: [
      { name: "State Revenue Office Tasmania: motor vehicle duty", url: "https://www.sro.tas.gov.au/motor-vehicle-duty" },
      { name: "Transport Tasmania: registration fees", url: "https://www.transport.tas.gov.au/fees_forms/fees" },
      { name: "Transport Tasmania: duty rates and examples", url: "https://www.transport.tas.gov.au/fees_forms/registration_fees/accordian/duty_rates" },
    ],
    demoAs: "new",
    duty: [
      {
        // $20 to $600; $3 per $100 to $35,000; $1,050 plus $11 per $100 over $35,000 to $40,000; $4 per $100 over $40,000.
        label: "Passenger vehicle",
        when: { classes: ["car"] },
        schedule: { kind: "bands", per: 100, bands: [band(0, 20, 0), band(600, 0, 3, false), band(35_000, 1_050, 11), band(40_000, 0, 4, false)] },
      },
      { label: "Heavy vehicle", when: { gvmOverKg: 4_500 }, schedule: { kind: "bands", per: 100, minimum: 20, bands: [band(0, 0, 1)] } },
      // Duty on caravans and camper trailers was abolished from 1 July 2013.
      { label: "Caravan or camper trailer (no duty)", when: { classes: ["trailer"] }, schedule: NO_DUTY },
      { label: "Other vehicle", when: {}, schedule: { kind: "bands", per: 100, bands: [band(0, 20, 0), band(600, 0, 3, false)] } },
    ],
    registration: { car: 700, motorcycle: 420, lightTruck: 900, trailer: 150 },
    ctp: null,
    plateFee: 27,
    transferFee: 35,
    unconfirmed: FEES_UNCONFIRMED,
  },
  ACT: {
    asAt: "2025-07-01",
    sources: [
      { name: "ACT Revenue Office: motor vehicle duty", url: "https://www.revenue.act.gov.au/duties/motor-vehicle-duty" },
      { name: "ACT Revenue Office: motor vehicle duty calculator", url: "https://www.revenue.act.gov.au/self-assessment-tools-and-forms/calculators/motor-vehicle" },
      { name: "Access Canberra: registration fees", url: "https://www.accesscanberra.act.gov.au/driving-and-transport/vehicle-registration" },
    ],
    demoAs: "new",
    duty: [
      // Motorcycles (the Revenue Office's calculator page): zero emission none, other new $1 and used $3 per $100.
      { label: "Zero emission motorcycle", when: { classes: ["motorcycle"], fuels: ["electric"] }, schedule: NO_DUTY },
      { label: "New motorcycle", when: { classes: ["motorcycle"], conditions: ["new", "demo"] }, schedule: flat(100, 1) },
      // The $45,000 step is for light passenger vehicles only (Duties Act 1999 s 208(2)).
      { label: "Used motorcycle or trailer", when: { classes: ["motorcycle", "trailer"] }, schedule: flat(100, 3) },
      { label: "Heavy vehicle", when: { gvmOverKg: 4_500 }, schedule: flat(100, 3) },
      // From 1 September 2025 a zero emission car is no longer free of duty: 2.5% is the published minimum (ADR 0072).
      { label: "Zero emission vehicle", when: { fuels: ["electric"] }, schedule: flat(100, 2.5) },
      // New light vehicles by CO2 performance: A zero, B to 130 g/km, C to 175 g/km (and unrated), D above. Unconfirmed:
      // the Revenue Office's 2024-25 page already classed light vehicles AAA, AA, A, B, C, D or non-rated, and every
      // rate changed from 1 September 2025; neither table is in the stored material (ADR 0090).
      { label: "New vehicle, rating B", when: { classes: ["car"], conditions: ["new", "demo"], co2AtMost: 130 }, schedule: { kind: "bands", per: 100, bands: [band(0, 0, 1), band(45_000, 450, 2)] } },
      { label: "New vehicle, rating C", when: { classes: ["car"], conditions: ["new", "demo"], co2AtMost: 175 }, schedule: { kind: "bands", per: 100, bands: [band(0, 0, 3), band(45_000, 1_350, 5)] } },
      { label: "New vehicle, rating D", when: { classes: ["car"], conditions: ["new", "demo"], co2AtMost: 1000 }, schedule: { kind: "bands", per: 100, bands: [band(0, 0, 4), band(45_000, 1_800, 6)] } },
      { label: "Used or unrated vehicle", when: {}, schedule: { kind: "bands", per: 100, bands: [band(0, 0, 3), band(45_000, 1_350, 5)] } },
    ],
    registration: { car: 930, motorcycle: 330, lightTruck: 1_200, trailer: 200 },
    ctp: { car: { from: 420, to: 650 }, motorcycle: { from: 200, to: 500 }, lightTruck: { from: 480, to: 800 } },
    plateFee: 45,
    transferFee: 50,
    unconfirmed: ["duty", ...FEES_UNCONFIRMED],
  },
  NT: {
    asAt: "2025-07-01",
    sources: [
      { name: "Territory Revenue Office: stamp duty on vehicle registration", url: "https://treasury.nt.gov.au/dtf/territory-revenue-office/stamp-duty/stamp-duty-on-motor-vehicle-registration" },
      { name: "NT Government: registration fees", url: "https://nt.gov.au/driving/rego/fees/registration-fees" },
    ],
    demoAs: "new",
    // 3% of the dutiable value ($3 per $100 or part), whatever the vehicle; from 1 July 2022 to 30 June 2027 a plug-in
    // electric vehicle's duty is $1,500 less, none to $50,000 (nt.gov.au "Get registration and stamp duty concessions
    // for electric vehicles" and the Minister's release of 21 July 2021, read 28 Nov 2026; ADR 0079). A plug-in hybrid
    // qualifies too, but a feed's "hybrid" does not say whether it plugs in: hybrids pay the full 3% (may overstate).
    duty: [
      { label: "Plug-in electric vehicle (concession to 30 June 2027)", when: { fuels: ["electric"] }, schedule: { kind: "bands", per: 100, bands: [band(0, 0, 0), band(50_000, 0, 3)] } },
      { label: "Any vehicle", when: {}, schedule: flat(100, 3) },
    ],
    registration: { car: 720, motorcycle: 300, lightTruck: 950, trailer: 120 },
    ctp: null,
    plateFee: 30,
    transferFee: 20,
    unconfirmed: FEES_UNCONFIRMED,
  },
};
