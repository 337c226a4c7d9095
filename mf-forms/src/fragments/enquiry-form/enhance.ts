import type { SiteConfig } from "@dealer/shared/config";
import { leadUserData, SUCCESS_PATH } from "@dealer/shared/rules";
import { createFormControl, type FieldValues } from "react-hook-form";
import type { z } from "zod";
import { leadSchemaFor } from "../../leads/form-schema";
import { BOOLEAN_FIELDS, FORM_VARIANTS, type FormVariantId, leadEventId, NUMBER_FIELDS, numberFromInput, type ShownSelects } from "../../leads/variants";
import { saveCustomer, saveSuccessCategory } from "./customer-storage";
import type { EnquiryFormProps } from "./props";
import { submitLead } from "./submit-lead";
import { flattenFieldErrors, zodResolver } from "./zod-resolver";

/** What the form shows: errors by field path, whether a submit was tried, the spinner, the form error. */
export type UiState = { errors: Record<string, string>; submitted: boolean; submitting: boolean; formError: string | null };
export type LeadFormUi = { update(state: Partial<UiState>): void; focusSummary(): void; showAllSteps(): void };
export type LeadFormEnhancer = { submit(): Promise<void>; validateStep(names: string[]): Promise<boolean> };
export type EnhanceConfig = { variant: FormVariantId; forms: SiteConfig["forms"]; shown: ShownSelects; car: EnquiryFormProps["car"]; defaults: EnquiryFormProps["defaults"] };


type Analytics = { dataLayer?: Record<string, unknown>[] };

/**
 * Attaches react-hook-form to the server-rendered form: every named field is registered by its DOM
 * element (uncontrolled, so nothing re-renders while typing), validated with the API's zod schema.
 * Loaded on the form's first focus or submit, never with the page.
 */
export function enhanceLeadForm(form: HTMLFormElement, config: EnhanceConfig, ui: LeadFormUi): LeadFormEnhancer {
  const variant = FORM_VARIANTS[config.variant];
  // The browser adds userData when it posts; the rest is validated exactly as the API will.
  const schema = (leadSchemaFor(variant, config.forms, config.shown) as unknown as z.ZodObject<{ userData: z.ZodType }>).omit({ userData: true });
  const control = createFormControl<FieldValues>({ resolver: zodResolver(schema), mode: "onSubmit", reValidateMode: "onChange", shouldFocusError: false });

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

  const onValid = async (data: FieldValues) => {
    ui.update({ formError: null });
    const payload = {
      ...data,
      userData: leadUserData({
        url: window.location.href,
        userAgent: window.navigator.userAgent,
        car: config.car ? { id: config.car.id, dealership_id: config.car.dealershipId } : null,
        visitedPages: [window.location.pathname],
        linkedQueryParams: Object.fromEntries(new URLSearchParams(window.location.search)),
      }),
    };
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
    saveCustomer(window.localStorage, values);
    const category = values.category ?? variant.category;
    saveSuccessCategory(window.localStorage, category);
    (window as Window & Analytics).dataLayer?.push({ event: "lead", event_id: leadEventId(variant, category), category, lead_id: outcome.leadId });
    window.location.assign(SUCCESS_PATH);
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
    async validateStep(names) {
      const valid = await control.trigger(names.filter((name) => registered.has(name)));
      ui.update({ errors: currentErrors(), submitted: !valid });
      if (!valid) ui.focusSummary();
      return valid;
    },
  };
}
