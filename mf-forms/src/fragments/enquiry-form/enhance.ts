import type { SiteConfig } from "@dealer/shared/config";
import { flushAnalytics, track } from "@dealer/shared/analytics";
import { categoryRecordData, leadSuccessEventData, leadUserData, OFFER_ACCEPTED_SUBCATEGORY, SUCCESS_PATH, type TradeInValuation } from "@dealer/shared/rules";
import { saveSuccessLines, visitedPages } from "@dealer/shared/visit";
import { createFormControl, type FieldValues } from "react-hook-form";
import type { z } from "zod";
import { leadSchemaFor } from "../../leads/form-schema";
import { BOOLEAN_FIELDS, FORM_VARIANTS, type FormVariantId, leadEventId, NUMBER_FIELDS, numberFromInput, type ShownSelects } from "../../leads/variants";
import { saveCustomer } from "@dealer/shared/customer-storage";
import type { EnquiryFormProps } from "./props";
import { submitLead } from "./submit-lead";
import { acceptanceIdempotencyKey } from "./TradeInOffer";
import { flattenFieldErrors, zodResolver } from "./zod-resolver";

/**
 * The form library reads a checkbox list with nothing ticked as false (the lead's list is then empty), and a
 * lone unticked checkbox with a value as false (the test drive's disclaimer is then not sent).
 */
function withUntickedBoxes(values: FieldValues): FieldValues {
  const fields = values.values as Record<string, unknown> | undefined;
  const { disclaimer, ...rest } = values;
  const withList = fields?.additional_services === false ? { ...rest, values: { ...fields, additional_services: [] } } : rest;
  return disclaimer === false ? withList : { ...withList, ...(disclaimer === undefined ? {} : { disclaimer }) };
}

/** The /success page reads the category of the lead just sent (spec §4). */
const SUCCESS_CATEGORY_KEY = "dealer:success-category";

/** What the form shows: errors by field path, whether a submit was tried, the spinner, the form error. */
export type UiState = {
  errors: Record<string, string>;
  submitted: boolean;
  submitting: boolean;
  formError: string | null;
  /** A sent trade-in's online valuation, shown in place of the form with the offer to accept. */
  valuation: TradeInValuation | null;
};
export type LeadFormUi = { update(state: Partial<UiState>): void; focusSummary(): void; showAllSteps(): void };
export type LeadFormEnhancer = { submit(): Promise<void>; validateStep(names: string[]): Promise<boolean>; acceptOffer(): Promise<void> };
export type EnhanceConfig = {
  variant: FormVariantId;
  forms: SiteConfig["forms"];
  shown: ShownSelects;
  car: EnquiryFormProps["car"];
  carDefaults: EnquiryFormProps["carDefaults"];
  defaults: EnquiryFormProps["defaults"];
  saveValuationColumn: boolean;
};


function pagesOfVisit(): string[] {
  try {
    const pages = visitedPages(window.sessionStorage);
    return pages.length ? pages : [window.location.pathname];
  } catch {
    return [window.location.pathname];
  }
}

/** POST /api/miscellaneous with the valuation result; as the spec says, the outcome is only logged. */
async function saveValuation(leadId: string | number, leadKey: string, valuation: TradeInValuation, valuationColumn: boolean): Promise<void> {
  const body = JSON.stringify({ lead_id: leadId, lead_key: leadKey, valuation, ...(valuationColumn ? { column_name: "valuation" } : {}) });
  try {
    const response = await fetch("/api/miscellaneous", { method: "POST", headers: { "content-type": "application/json" }, body });
    console.info(`[mf-forms] valuation saved: HTTP ${response.status}`);
  } catch (error) {
    console.info("[mf-forms] valuation not saved", error);
  }
}

/**
 * Attaches react-hook-form to the server-rendered form: every named field is registered by its DOM
 * element (uncontrolled, so nothing re-renders while typing), validated with the API's zod schema.
 * Loaded on the form's first focus or submit, never with the page.
 */
export function enhanceLeadForm(form: HTMLFormElement, config: EnhanceConfig, ui: LeadFormUi): LeadFormEnhancer {
  const variant = FORM_VARIANTS[config.variant];
  // The browser adds userData when it posts; the rest is validated exactly as the API will.
  const schema = (leadSchemaFor(variant, config.forms, config.shown) as unknown as z.ZodObject<{ userData: z.ZodType }>).omit({ userData: true });
  const resolve = zodResolver(schema);
  const control = createFormControl<FieldValues>({
    resolver: (values, context, options) => resolve(withUntickedBoxes(values), context, options),
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: false,
  });

  const registered = new Set<string>();
  const currentErrors = () => flattenFieldErrors(control.control._formState.errors);
  for (const element of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input[name], select[name], textarea[name]")) {
    const name = element.name;
    if (name === "website" || name === "idempotency_key" || name === "car_id") continue;
    const options = NUMBER_FIELDS.has(name)
      ? { setValueAs: (value: unknown) => (typeof value === "number" ? value : numberFromInput(String(value ?? ""))) }
      : BOOLEAN_FIELDS.has(name) || name === "values.additional_services"
        ? {}
        : { setValueAs: (value: unknown) => (value === "" || value === null ? undefined : value) };
    const field = control.register(name, options);
    field.ref(element);
    registered.add(name);
    element.addEventListener(element instanceof HTMLSelectElement || element.type === "checkbox" || element.type === "radio" ? "change" : "input", (event) => void field.onChange(event));
    element.addEventListener("blur", (event) => void field.onBlur(event));
  }
  // After a submit, fields re-validate as they change: the error list follows.
  control.subscribe({ formState: { errors: true }, callback: () => ui.update({ errors: currentErrors() }) });

  // One key per distinct lead: a retried submit of the same details is answered with the first lead.
  let last: { body: string; key: string } | null = null;

  const userData = () =>
    leadUserData({
      url: window.location.href,
      userAgent: window.navigator.userAgent,
      car: config.car ? { id: config.car.id, dealership_id: config.car.dealershipId } : null,
      // The pages of this visit the shell noted (this one included); just this page if storage is refused.
      visitedPages: pagesOfVisit(),
      linkedQueryParams: Object.fromEntries(new URLSearchParams(window.location.search)),
    });
  // The sent trade-in whose offer the shopper may accept: its id and the key it was sent with.
  let valued: { leadId: string | number; key: string; category: string } | null = null;

  const succeed = (values: Record<string, string>, category: string, leadId: string | number, next: string[] = []) => {
    saveCustomer(window.localStorage, values);
    window.localStorage.setItem(SUCCESS_CATEGORY_KEY, category);
    saveSuccessLines(window.sessionStorage, next);
    // The spec's event for this kind of lead, through the vehicle page's analytics module, its beacon sent before the page leaves.
    track({ kind: "event", id: leadEventId(variant, category), data: leadSuccessEventData(leadId, category, userData()) });
    track({ kind: "category", category, data: categoryRecordData(values.subcategory ?? config.defaults.subcategory ?? null, config.carDefaults) });
    flushAnalytics();
    window.location.assign(SUCCESS_PATH);
  };

  const onValid = async (data: FieldValues) => {
    ui.update({ formError: null });
    const payload = { ...data, userData: userData() };
    const body = JSON.stringify(payload);
    if (last?.body !== body) last = { body, key: crypto.randomUUID() };
    const outcome = await submitLead(body, last.key);
    if (!outcome.ok) {
      for (const [path, messages] of Object.entries(outcome.fieldErrors)) {
        if (registered.has(path)) control.setError(path, { type: "server", message: messages[0] });
      }
      ui.showAllSteps();
      ui.update({ formError: outcome.message, errors: currentErrors(), submitting: false });
      return;
    }
    const values = (data.values ?? {}) as Record<string, string>;
    const category = values.category ?? variant.category;
    if (!outcome.valuation) {
      succeed(values, category, outcome.leadId, outcome.next);
      return;
    }
    // A trade-in is stored: the page shows its valuation and offer, and saves the result (spec §7).
    saveCustomer(window.localStorage, values);
    valued = { leadId: outcome.leadId, key: last.key, category };
    void saveValuation(outcome.leadId, last.key, outcome.valuation, config.saveValuationColumn);
    ui.update({ submitting: false, valuation: outcome.valuation });
  };

  return {
    async submit() {
      ui.update({ submitted: true, submitting: true });
      await control.handleSubmit(onValid, () => {
        ui.update({ errors: currentErrors(), submitting: false });
        ui.showAllSteps();
        ui.focusSummary();
      })();
    },
    async acceptOffer() {
      if (!valued) return;
      ui.update({ submitting: true, formError: null });
      const { leadId, key, category } = valued;
      const acceptance = { kind: "offer_acceptance", category, subcategory: OFFER_ACCEPTED_SUBCATEGORY, lead_id: leadId, lead_key: key, form_completed: true, offer_accepted: true, userData: userData() };
      // One acceptance per trade-in: a retry is the same lead.
      const outcome = await submitLead(JSON.stringify(acceptance), acceptanceIdempotencyKey(key));
      if (!outcome.ok) {
        ui.update({ submitting: false, formError: outcome.message });
        return;
      }
      succeed({}, category, outcome.leadId);
    },
    async validateStep(names) {
      const valid = await control.trigger(names.filter((name) => registered.has(name)));
      ui.update({ errors: currentErrors(), submitted: !valid });
      if (!valid) ui.focusSummary();
      return valid;
    },
  };
}
