import { defaultSiteConfig } from "@dealer/shared/config";
import { type LeadRecord, locationSchema } from "@dealer/shared/contract";
import { escapeMarkup } from "@dealer/shared/http";
import { FINANCE_LINK_PARAMS, formatMoney, formatMoneyCents, zonedIso } from "@dealer/shared/rules";
import { makeCar } from "@dealer/shared/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adfProblems } from "../../../tests/support/adf";
import { leadAdf, leadEmail, leadJson } from "../lead-formats/formats";
import { dealerTime, type LeadSection, leadSections } from "../lead-formats/lead-words";
import { type ListedLead, leadsCsv } from "../lead-api/dealer-api";
import { leadSchemaFor } from "./form-schema";
import { buildLeadRecord, type PostedLead, placeLead, type SiteFacts, withStoredCategory } from "./record";
import {
  ADJUSTMENT_QUESTIONS,
  CONTACT_METHOD_WORDS,
  CREDIT_CHECK_CONSENT_TEXT,
  FIELD_LABELS as L,
  FORM_VARIANT_IDS,
  FORM_VARIANTS,
  type FormVariant,
  PHOTO_REQUEST_TEXT,
  REGO_STATES,
  shownSelects,
  TEST_DRIVE_DISCLAIMER,
} from "./variants";

/**
 * Goal 1 of issue 33: whatever a shopper enters on any form reaches the dealer in every format under its own name.
 * For each form variant, random valid values of the fields that variant shows go through the lead pipeline's pure
 * parts (the API's schema, placeLead, buildLeadRecord) and each value is then found in the JSON record at its path,
 * in the ADF (valid against the DTD) in its element or its labelled comment, in the e-mail and the inbox under the
 * form's label, and in the CSV export under its column.
 */

const TIME_ZONE = "Australia/Perth";
const locationOf = (id: number, name: string, dealershipId: number, dealershipSlug: string) => ({
  ...locationSchema.parse({
    id,
    name,
    slug: name.toLowerCase().replace(/\W+/g, "-"),
    dealership_id: dealershipId,
    dealership_slug: dealershipSlug,
    timezone: TIME_ZONE,
    address: { street: `${id} Great Eastern Hwy`, city: "Perth", state: "WA", postcode: "6000", lat: 0, long: 0 },
    contact_detail: { phone: `08 9000 00${id}` },
  }),
  primary: id === 11,
});
const DISTRIBUTION = ["Kalgoorlie depot", "Port Hedland yard"];
const facts: SiteFacts = {
  site: { slug: "outback-trucks", name: "Outback Trucks", url: "http://outback-trucks.localhost:8787", slotMinutes: 60 },
  dealerships: [
    { id: 1, slug: "outback-trucks-welshpool", name: "Outback Trucks Welshpool" },
    { id: 2, slug: "outback-trucks-kalgoorlie", name: "Outback Trucks Kalgoorlie" },
  ],
  locations: [locationOf(11, "Welshpool", 1, "outback-trucks-welshpool"), locationOf(12, "Kalgoorlie", 2, "outback-trucks-kalgoorlie")],
  car: makeCar({
    location: {
      id: 11,
      name: "Welshpool",
      slug: "welshpool",
      phone: "08 9000 0011",
      address: { street: "11 Great Eastern Hwy", city: "Perth", state: "WA", postcode: "6000" },
      distribution_locations: DISTRIBUTION.map((name, index) => ({ id: index + 1, name })),
    },
  }),
};
const CREATED = new Date("2026-05-01T01:00:00Z");

/* ---- Random valid values, as a shopper types them ---- */

const optional = <T,>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
/** Free text with the characters that break formats that do not escape: markup, quotes, commas, a spreadsheet formula's lead. */
const text = (maxLength: number) =>
  fc
    .string({ unit: fc.constantFrom(..."abcXYZ 0129<>&\"',;=+-@éñ\n".split("")), minLength: 1, maxLength })
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((value) => value / 100);
const nameArb = fc.array(fc.stringMatching(/^[A-Z][a-z]{1,10}$/), { minLength: 1, maxLength: 3 }).map((words) => words.join(" "));
const emailArb = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,12}$/), fc.stringMatching(/^[a-z]{2,10}$/)).map(([local, domain]) => `${local}@${domain}.com.au`);

type Entered = {
  aboutCar: boolean;
  name: string;
  email: string;
  phone: string;
  postcode: string;
  message: string | undefined;
  contact: keyof typeof CONTACT_METHOD_WORDS | undefined;
  optIn: boolean;
  category: string;
  /** Index into the site's locations (the location select) or the car's distribution locations (delivery). */
  place: number;
  delivery: boolean;
  dealership: number;
  booking: number | undefined;
  services: string[];
  licence: boolean;
  vehicle: { make: string; model: string; year: number; kms: number; rego: string | undefined; regoState: string | undefined; answers: Record<string, "Yes" | "No" | undefined> };
  finance: { budget: number | undefined; deposit: number | undefined; balloon: number | undefined; term: number | undefined; rate: number | undefined; frequency: "weekly" | "fortnightly" | "monthly" | undefined; repayment: number | undefined };
};

const enteredArb = (variant: FormVariant): fc.Arbitrary<Entered> =>
  fc.record({
    aboutCar: fc.boolean(),
    name: nameArb,
    email: emailArb,
    phone: fc.stringMatching(/^04\d{2} \d{3} \d{3}$/),
    postcode: fc.stringMatching(/^\d{4}$/),
    message: variant.messageOptional ? optional(text(300)) : text(300),
    contact: optional(fc.constantFrom(...(Object.keys(CONTACT_METHOD_WORDS) as (keyof typeof CONTACT_METHOD_WORDS)[]))),
    optIn: fc.boolean(),
    category: fc.constantFrom(...(variant.categories ?? [variant.category])),
    place: fc.nat({ max: 1 }),
    delivery: fc.boolean(),
    dealership: fc.nat({ max: 1 }),
    // Minutes after the lead: the API checks it against the open slots, the pure record does not.
    booking: variant.booking ? optional(fc.integer({ min: 60, max: 60 * 24 * 28 })) : fc.constant(undefined),
    services: fc.subarray(variant.services ?? []),
    licence: fc.boolean(),
    vehicle: fc.record({
      make: text(40),
      model: text(40),
      year: fc.integer({ min: 1950, max: 2100 }),
      kms: fc.integer({ min: 0, max: 2_000_000 }),
      rego: optional(text(20)),
      regoState: optional(fc.constantFrom(...REGO_STATES)),
      answers: fc.record(Object.fromEntries(Object.keys(ADJUSTMENT_QUESTIONS).map((key) => [key, optional(fc.constantFrom("Yes" as const, "No" as const))]))),
    }),
    finance: fc.record({
      budget: optional(cents(2_000_000)),
      deposit: optional(cents(1_000_000)),
      balloon: optional(cents(1_000_000)),
      term: optional(fc.integer({ min: 1, max: 360 })),
      rate: optional(cents(100)),
      frequency: optional(fc.constantFrom("weekly" as const, "fortnightly" as const, "monthly" as const)),
      repayment: optional(cents(100_000)),
    }),
  });

const defined = <T extends Record<string, unknown>>(object: T) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

/** The lead the variant's form posts for those values (as the browser sends it). */
function posted(variant: FormVariant, entered: Entered) {
  const shown = shownSelects(variant, { hasCar: entered.aboutCar, locations: facts.locations.length, dealerships: facts.dealerships.length });
  const deliveryLocation = entered.aboutCar && !shown.location && entered.delivery ? DISTRIBUTION[entered.place] : undefined;
  const { finance: money, vehicle } = entered;
  const figures = defined({ deposit: money.deposit, balloon: money.balloon, term_months: money.term, interest_rate: money.rate, frequency: money.frequency, repayment: money.repayment });
  const linkParams = Object.fromEntries(Object.entries({ vehiclePriceBudget: money.budget, ...figures }).map(([key, value]) => [key, String(value)]));
  const body = {
    kind: variant.leadKind,
    form: variant.id,
    values: defined({
      name: entered.name,
      email: entered.email,
      phone: entered.phone,
      postcode: entered.postcode,
      message: entered.message,
      category: entered.category,
      PreferredContactMethod: entered.contact,
      opt_in: entered.optIn,
      location: shown.location ? String(facts.locations[entered.place]?.id) : deliveryLocation,
      dealership_slug: shown.dealership ? facts.dealerships[entered.dealership]?.slug : undefined,
      additional_services: variant.services ? entered.services : undefined,
    }),
    userData: {
      url: `${facts.site.url}/page`,
      source: "Website",
      user_agent: "property test",
      ...(entered.aboutCar ? { car_id: facts.car?.id } : {}),
      // A finance link's figures come in the page's query too: they are the enquiry's, not a campaign's.
      lead_attributes: { visited_pages: ["/page"], linked_query_params: { utm_source: "newsletter", ...(variant.finance ? linkParams : {}) } },
    },
    ...(variant.booking && entered.booking !== undefined ? { booking: new Date(CREATED.getTime() + entered.booking * 60_000).toISOString() } : {}),
    ...(variant.leadKind === "test_drive" && entered.licence ? { disclaimer: TEST_DRIVE_DISCLAIMER } : {}),
    ...(variant.request ? { request: PHOTO_REQUEST_TEXT } : {}),
    ...(variant.creditCheck ? { credit_check_consent: true } : {}),
    ...(variant.vehicle
      ? { rego: vehicle.rego, regoState: vehicle.regoState, vehicle: { make: vehicle.make, model: vehicle.model, year: vehicle.year, kms: vehicle.kms }, adjustmentAnswers: defined(vehicle.answers) }
      : {}),
    ...(variant.finance ? defined({ vehiclePriceBudget: money.budget, finance: Object.keys(figures).length ? figures : undefined }) : {}),
  };
  return { body, shown };
}

/** One detail as the dealer must find it: its label and words (e-mail, inbox), its record path (JSON, CSV) and what ADF carries. */
type Detail = { label: string; words: string; path: string; value: unknown; cell?: string; adf: string[] };

const wholeOrCents = (amount: number) => (Number.isInteger(amount) ? formatMoney(amount) : formatMoneyCents(amount));
const comment = (label: string, words: string) => escapeMarkup(`${label}: ${words}${words.endsWith(".") ? "" : "."}`);
const aud = (type: string, limit: string, amount: number) => `<amount type="${type}" limit="${limit}" currency="AUD">${amount}</amount>`;

/** Every detail the shopper entered, as each format must show it. */
function details(variant: FormVariant, entered: Entered, body: ReturnType<typeof posted>["body"]): Detail[] {
  const values = body.values as Record<string, unknown>;
  const words = entered.name.split(" ");
  const [first, last] = words.length > 1 ? [words.slice(0, -1).join(" "), words.at(-1) ?? ""] : [entered.name, null];
  const list: Detail[] = [
    { label: L.name, words: entered.name, path: "customer.full_name", value: entered.name, adf: last ? [`<name part="first">${first}</name><name part="last">${last}</name>`] : [`<name part="full">${first}</name>`] },
    { label: L.email, words: entered.email, path: "customer.email", value: entered.email, adf: [`>${entered.email}</email>`] },
    { label: L.phone, words: `${entered.phone} (mobile)`, path: "customer.phone", value: entered.phone, adf: [`<phone type="cellphone"`, `>${entered.phone}</phone>`] },
    { label: L.postcode, words: entered.postcode, path: "customer.postcode", value: entered.postcode, adf: [`<postalcode>${entered.postcode}</postalcode>`] },
    { label: "News and offers", words: entered.optIn ? "Yes, opted in" : "No", path: "customer.consent.opt_in", value: entered.optIn, adf: [`News and offers: ${entered.optIn ? "opted in" : "not opted in"}`] },
  ];
  if (entered.message !== undefined) list.push({ label: L.message, words: entered.message, path: "message", value: entered.message, adf: [escapeMarkup(entered.message)] });
  if (entered.contact) {
    const channel = entered.contact.toLowerCase();
    list.push({ label: L.preferredContact, words: CONTACT_METHOD_WORDS[entered.contact], path: "customer.preferred_contact", value: channel, adf: [`Prefers contact by ${channel}.`] });
  }
  if (variant.categories) {
    const stored = withStoredCategory<{ values: { category?: string; subcategory?: string } }>({ values: { category: entered.category } }).values;
    const category = [stored.category, stored.subcategory].filter(Boolean).join(" / ");
    list.push({ label: L.category, words: category, path: "category", value: stored.category, adf: [escapeMarkup(category)] });
  }
  const chosen = facts.locations.find((location) => String(location.id) === values.location);
  if (chosen) list.push({ label: L.location, words: `${chosen.name}, ${chosen.contact_detail.phone}`, path: "location.id", value: chosen.id, adf: [`Location: ${chosen.name} (id ${chosen.id}).`] });
  if (typeof values.location === "string" && !chosen) {
    list.push({ label: L.deliveryLocation, words: values.location, path: "customer.delivery_location", value: values.location, adf: [comment(L.deliveryLocation, values.location)] });
  }
  if (variant.services && entered.services.length) {
    const joined = entered.services.join(", ");
    list.push({ label: L.services, words: joined, path: "services", value: entered.services, cell: entered.services.join("; "), adf: [comment(L.services, joined)] });
  }
  if ("booking" in body && body.booking) {
    const location = chosen ?? facts.locations[0];
    const type = variant.booking === "service" ? "Service" : "Test drive";
    const start = zonedIso(new Date(body.booking), TIME_ZONE);
    list.push({ label: "Booked", words: `${type}: ${dealerTime(body.booking, TIME_ZONE)} at ${location?.name}`, path: "appointment.start", value: start, adf: [`<earliestdate>${start}</earliestdate>`] });
  }
  if (variant.leadKind === "test_drive") {
    const ticked = entered.licence ? `Yes: ${TEST_DRIVE_DISCLAIMER}` : "Not ticked";
    list.push({ label: L.licence, words: ticked, path: "customer.holds_licence", value: entered.licence, adf: [comment(L.licence, ticked)] });
  }
  if (variant.vehicle) {
    const { vehicle } = entered;
    list.push(
      { label: L.make, words: vehicle.make, path: "trade_in.make", value: vehicle.make, adf: [`<make>${escapeMarkup(vehicle.make)}</make>`] },
      { label: L.model, words: vehicle.model, path: "trade_in.model", value: vehicle.model, adf: [`<model>${escapeMarkup(vehicle.model)}</model>`] },
      { label: L.year, words: String(vehicle.year), path: "trade_in.year", value: vehicle.year, adf: [`<year>${vehicle.year}</year>`] },
      { label: L.kms, words: `${vehicle.kms.toLocaleString("en-AU")} km`, path: "trade_in.odometer_km", value: vehicle.kms, adf: [`<odometer units="km">${vehicle.kms}</odometer>`] },
    );
    if (vehicle.rego) list.push({ label: L.rego, words: vehicle.rego, path: "trade_in.rego", value: vehicle.rego, adf: [comment(L.rego, vehicle.rego)] });
    if (vehicle.regoState) list.push({ label: L.regoState, words: vehicle.regoState, path: "trade_in.rego_state", value: vehicle.regoState, adf: [comment(L.regoState, vehicle.regoState)] });
    const answered = Object.entries(vehicle.answers).flatMap(([key, answer]) => (answer ? [{ question: ADJUSTMENT_QUESTIONS[key] ?? key, answer }] : []));
    for (const { question, answer } of answered) {
      list.push({ label: question, words: answer, path: "trade_in.condition", value: answered, cell: answered.map((item) => `${item.question}: ${item.answer}`).join("; "), adf: [escapeMarkup(`${question} ${answer}`)] });
    }
  }
  if (variant.finance) {
    const money = entered.finance;
    const figure = (label: string, amount: number | undefined, path: string, formatted: (value: number) => string, adf: (value: number) => string[] = () => []) => {
      if (amount !== undefined) list.push({ label, words: formatted(amount), path, value: amount, adf: [comment(label, formatted(amount)), ...adf(amount)] });
    };
    figure(L.budget, money.budget, "finance.budget", wholeOrCents, (amount) => [aud("total", "maximum", amount)]);
    figure(L.deposit, money.deposit, "finance.deposit", wholeOrCents, (amount) => [aud("downpayment", "exact", amount)]);
    figure(L.term, money.term, "finance.term_months", (months) => `${months} months`);
    figure(L.interestRate, money.rate, "finance.calculator.interest_rate", (rate) => `${rate}% p.a.`);
    figure(L.balloon, money.balloon, "finance.calculator.balloon", wholeOrCents, (amount) => [`<balance type="residual" currency="AUD">${amount}</balance>`]);
    // The repayment and its frequency read as one: '$775.84 monthly'.
    const repayment = [money.repayment === undefined ? "" : formatMoneyCents(money.repayment), money.frequency ?? ""].filter(Boolean).join(" ");
    if (money.repayment !== undefined) {
      const monthly = money.frequency === "monthly" ? [aud("monthly", "exact", money.repayment)] : [];
      list.push({ label: L.repayment, words: repayment, path: "finance.calculator.repayment", value: money.repayment, adf: [comment(L.repayment, repayment), ...monthly] });
    }
    if (money.frequency) list.push({ label: L.repayment, words: repayment, path: "finance.calculator.frequency", value: money.frequency, adf: [comment(L.repayment, repayment)] });
    const dealership = facts.dealerships[entered.dealership];
    if (dealership) list.push({ label: L.dealership, words: dealership.name, path: "finance.preferred_dealership", value: dealership.name, adf: [comment(L.dealership, dealership.name)] });
    if (variant.creditCheck) {
      list.push({ label: "Credit check consent", words: `Given ${CREATED.toISOString()}: "${CREDIT_CHECK_CONSENT_TEXT}"`, path: "finance.credit_check.consent_text", value: CREDIT_CHECK_CONSENT_TEXT, adf: [] });
    }
  }
  return list;
}

/* ---- Reading each format back ---- */

const at = (value: unknown, path: string) =>
  path.split(".").reduce<unknown>((current, key) => (current !== null && typeof current === "object" ? (current as Record<string, unknown>)[key] : undefined), value);

/**
 * The inbox card's rows, label to the values shown under it (a label may head rows of two sections): the words the
 * lead API sends the dealer console (GET /api/leads?words=1), which shows each row as it is (ADR 0069).
 */
function inboxRows(sections: LeadSection[]): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const row of sections.flatMap((section) => section.rows)) rows.set(row.label, [...(rows.get(row.label) ?? []), row.value]);
  return rows;
}

/** RFC 4180 as leadsCsv writes it: the header row and one lead's row, by column. */
function csvRow(csv: string): Map<string, string> {
  const records: string[][] = [[]];
  for (const [, quoted, plain, end] of csv.matchAll(/(?:"((?:[^"]|"")*)"|([^,\r\n"]*))(,|\r\n|$)/g)) {
    records.at(-1)?.push(quoted === undefined ? (plain ?? "") : quoted.replace(/""/g, '"'));
    if (end === "\r\n") records.push([]);
    if (end === "") break;
  }
  const [header = [], row = []] = records;
  // A cell a spreadsheet would run as a formula, or one starting with a quote, is written with a leading quote (leadsCsv).
  return new Map(header.map((column, index) => [column, (row[index] ?? "").replace(/^'(?=[=+\-@'])/, "")]));
}

function formatsOf(variant: FormVariant, entered: Entered) {
  const { body, shown } = posted(variant, entered);
  const parsed = leadSchemaFor(variant, defaultSiteConfig.forms, shown).safeParse(body);
  if (!parsed.success) throw new Error(`${variant.id}: valid values refused: ${JSON.stringify(parsed.error.issues)}`);
  const lead = withStoredCategory(parsed.data) as PostedLead;
  const placed = placeLead(lead, facts);
  if (!placed.ok) throw new Error(`${variant.id}: ${JSON.stringify(placed.fieldErrors)}`);
  const creditCheck = variant.creditCheck ? { consent_text: CREDIT_CHECK_CONSENT_TEXT, consented_at: CREATED.toISOString() } : undefined;
  const consent = { opt_in: lead.values.opt_in, recorded_at: CREATED.toISOString(), privacy_notice: "We use your details to respond." };
  const record = { lead_id: 7, ...buildLeadRecord({ ...lead, form: variant.id }, placed.place, facts, { createdAt: CREATED, consent, creditCheck }) };
  const deliverable = { id: 7, site: facts.site.slug, kind: record.kind, createdAt: CREATED.toISOString(), carId: record.vehicle?.id ?? null, dealershipId: record.dealership.id, dealershipSlug: record.dealership.slug, lead: body, record };
  const listed = { lead_id: 7, status: "new", assigned_to: null, delivery_status: "delivered", attempts: 1, values: lead.values, record, notes: [] } as unknown as ListedLead;
  return {
    body,
    json: JSON.parse(leadJson(deliverable)) as unknown,
    adf: leadAdf(deliverable, { name: "Dealer platform", url: null, email: null }, "leads@outback-trucks.example"),
    email: leadEmail(deliverable).body,
    inbox: inboxRows(leadSections(record as LeadRecord)),
    csv: csvRow(leadsCsv([listed])),
  };
}

describe("every detail a shopper enters reaches the dealer in every format, under its own name", () => {
  for (const id of FORM_VARIANT_IDS) {
    const variant = FORM_VARIANTS[id];
    it(`${id}: JSON, ADF (valid), e-mail, inbox and CSV`, () => {
      fc.assert(
        fc.property(enteredArb(variant), (entered) => {
          const formats = formatsOf(variant, entered);
          expect(adfProblems(formats.adf)).toEqual([]);
          for (const detail of details(variant, entered, formats.body)) {
            const where = `${id} ${detail.label} (${detail.path})`;
            expect(at(formats.json, detail.path), `JSON ${where}`).toEqual(detail.value);
            expect(formats.csv.get(detail.path), `CSV ${where}`).toBe(detail.cell ?? String(detail.value));
            for (const part of detail.adf) expect(formats.adf, `ADF ${where}`).toContain(part);
            if (detail.words === "") continue;
            expect(formats.email, `e-mail ${where}`).toContain(`${detail.label}: ${detail.words}`);
            expect(formats.inbox.get(detail.label) ?? [], `inbox ${where}`).toContain(detail.words);
          }
          // Marketing parameters only: a finance link's figures are the enquiry's own, never a campaign.
          const campaign = formats.inbox.get("Campaign") ?? [];
          expect(campaign).toEqual(["utm_source=newsletter"]);
          for (const key of FINANCE_LINK_PARAMS) expect(at(formats.json, `source.linked_query_params.${key}`)).toBeUndefined();
        }),
        { numRuns: 25 },
      );
    });
  }
});
