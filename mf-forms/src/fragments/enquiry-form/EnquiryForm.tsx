import { FORM_SUBMIT_ERROR, postcodeInput } from "@dealer/shared/rules";
import { StepIndicator } from "@dealer/shared/ui";
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { ADJUSTMENT_QUESTIONS, CONTACT_METHOD_WORDS, CREDIT_CHECK_CONSENT_TEXT, DEFAULT_REGO_STATE, FIELD_LABELS as L, FORM_VARIANTS, REGO_STATES, TEST_DRIVE_DISCLAIMER } from "../../leads/variants";
import { figureRows } from "../../lead-formats/lead-words";
import { CUSTOMER_KEY, CUSTOMER_PREFILL_ATTRIBUTE, isStoredOnDevice } from "@dealer/shared/buyer-choice-keys";
import { Checkbox, fieldId, Hidden, SelectField, TextArea, TextField, YesNo } from "./fields";
import { SUBMIT_BUTTON_CLASS } from "../submit-button";
import type { LeadFormEnhancer, LeadFormUi, UiState } from "./enhance";
import { loadSubmission, preloadSubmission } from "./load-submission";
import type { EnquiryFormProps } from "./props";
import { useFormEnhancer } from "./use-form-enhancer";
import { ValuationFaq } from "./ValuationFaq";

export type { EnquiryFormProps } from "./props";

/** Shown only after a trade-in is sent (by the submission module, loaded by then), so not in the first load. */
const TradeInOffer = lazy(() => loadSubmission().then((module) => ({ default: module.TradeInOffer })));

// Type-checked against the contract without importing it at run time (that module pulls in zod).
const FORM_ERRORS_HEADING: (typeof import("@dealer/shared/contract"))["FORM_ERRORS_HEADING"] = "Please fix the following errors:";
const TERMS_LABEL = "I agree to the terms of use";
const STEP_TITLES = ["Your vehicle", "Its condition", "Your details"];
/** How the shopper would like to hear back; SMS also texts them the receipt (ADR 0037). */
const CONTACT_METHODS = Object.entries(CONTACT_METHOD_WORDS).map(([value, label]) => ({ value, label }));

/**
 * Every lead form of the spec (EnquiryFormProps.variant picks which). The server renders a complete
 * <form method="post" action="/api/leads">, so it works before any script: the API stores the lead and
 * answers 303 /success, or a page naming each error. Once hydrated, the first focus loads the form
 * library (react-hook-form and zod, its own chunk) and submit validates in place, posts JSON with an
 * Idempotency-Key and goes to /success.
 */
export default function EnquiryForm(props: EnquiryFormProps) {
  const { variant: variantId, heading, submitText, forms, car, carDefaults, defaults, shown, finance } = props;
  const variant = FORM_VARIANTS[variantId];
  // Not useId: a fragment's server render and the shell's client root number ids differently, and the
  // error links and descriptions must point at the ids the server rendered. One form per variant and car.
  const id = `${props.idPrefix ?? "lead"}-${variantId}${car ? `-${car.id}` : ""}`;
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [ui, setUi] = useState<UiState>({ errors: {}, submitted: false, submitting: false, formError: null, valuation: null });
  const [slots, setSlots] = useState(props.bookingSlots);
  const steps = variant.vehicle ? STEP_TITLES.length : 1;
  // Null until hydrated: the server shows every step, so the form is whole without a script.
  const [step, setStep] = useState<number | null>(null);
  // Bumped to move focus to the error list once it has rendered.
  const [summaryFocus, setSummaryFocus] = useState(0);
  useEffect(() => {
    if (summaryFocus > 0) summaryRef.current?.focus();
  }, [summaryFocus]);

  useEffect(() => {
    if (steps > 1) setStep(0);
    // Prefill from the visitor's earlier submit, into fields still empty (the shell has done so already, but not for a
    // form rendered in the browser). The filler loads only on a device with details saved: it is not in the first load.
    const form = formRef.current;
    if (form && isStoredOnDevice(CUSTOMER_KEY)) {
      import("@dealer/shared/customer-storage").then(
        ({ prefillCustomerForm }) => prefillCustomerForm(form, window.localStorage),
        (error: unknown) => console.warn("[mf-forms] saved details not filled in", error),
      );
    }
  }, [steps]);

  const uiHandle: LeadFormUi = {
    update: (next) => setUi((current) => ({ ...current, ...next })),
    showAllSteps: () => setStep(null),
    focusSummary: () => setSummaryFocus((count) => count + 1),
  };
  const enhance = useFormEnhancer(formRef, (form) =>
    loadSubmission().then(({ enhanceLeadForm }) =>
      enhanceLeadForm(form, { variant: variantId, forms, shown, car, carDefaults, defaults, saveValuationColumn: props.saveValuationColumn }, uiHandle),
    ),
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let ready: LeadFormEnhancer;
    try {
      ready = await enhance();
    } catch {
      // The form library could not load: the plain form post still delivers the lead.
      formRef.current?.submit();
      return;
    }
    await ready.submit().catch(() => setUi((current) => ({ ...current, submitting: false, formError: FORM_SUBMIT_ERROR })));
  };

  const next = async () => {
    const form = formRef.current;
    if (step === null || !form) return;
    const names = [...form.querySelectorAll<HTMLElement>(`[data-step="${step}"] [name]`)].map((element) => element.getAttribute("name") ?? "");
    const ready = await enhance().catch(() => null);
    if (ready && !(await ready.validateStep(names))) return;
    setStep(step + 1);
    requestAnimationFrame(() => form.querySelector<HTMLElement>(`[data-step="${step + 1}"] legend`)?.focus());
  };

  const loadSlots = async (location: string) => {
    if (!variant.booking || !location) return;
    const response = await fetch(`/api/leads/slots?location=${encodeURIComponent(location)}&department=${variant.booking}`).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { slots?: { start: string; label: string }[] } | null;
    if (body?.slots) setSlots(body.slots.map((slot) => ({ value: slot.start, label: slot.label })));
  };

  const f = (name: string) => fieldId(id, name);
  const err = (name: string) => ui.errors[name];
  const errorList = Object.entries(ui.errors);
  const messageOptional = forms.messageOptional || Boolean(variant.messageOptional);
  const stepProps = (index: number) => ({ "data-step": index, hidden: step !== null && step !== index ? true : undefined });
  const lastStep = step === null || step === steps - 1;
  const figure = finance.calculator;
  const figures = variant.finance
    ? figureRows({ deposit: figure.deposit ?? null, term_months: figure.term_months ?? null, interest_rate: figure.interest_rate ?? null, balloon: figure.balloon ?? null, repayment: figure.repayment ?? null, frequency: figure.frequency ?? null })
    : [];

  return (
    <section className="enquiry-form" aria-labelledby={`${id}-heading`} id={variant.finance ? "finance-form" : undefined}>
      <h2 id={`${id}-heading`} className="enquiry-form__heading">
        {heading}
      </h2>
      {car && <p className="enquiry-form__car">{car.title}</p>}
      {ui.valuation && (
        <Suspense fallback={null}>
          <TradeInOffer id={id} valuation={ui.valuation} selling={variant.leadKind === "sell_my_car"} submitting={ui.submitting} error={ui.formError} onAccept={() => void enhance().then((ready) => ready.acceptOffer())} />
        </Suspense>
      )}
      <form
        {...{ [CUSTOMER_PREFILL_ATTRIBUTE]: true }}
        hidden={ui.valuation !== null}
        ref={formRef}
        className="enquiry-form__form"
        method="post"
        action="/api/leads"
        noValidate
        onSubmit={onSubmit}
        onFocus={() => {
          preloadSubmission();
          enhance().catch(() => undefined);
        }}
        aria-busy={ui.submitting}
      >
        {ui.submitted && errorList.length > 0 && (
          <div ref={summaryRef} className="enquiry-form__errors" role="alert" tabIndex={-1} aria-labelledby={`${id}-errors`}>
            <p id={`${id}-errors`} className="enquiry-form__errors-heading">
              {FORM_ERRORS_HEADING}
            </p>
            <ul>
              {errorList.map(([name, message]) => (
                <li key={name}>
                  <a
                    href={`#${f(name)}`}
                    onClick={(event) => {
                      // An in-page link scrolls but does not focus a field: move focus there, the shopper types next.
                      const field = document.getElementById(f(name));
                      if (!field) return;
                      event.preventDefault();
                      field.focus();
                    }}
                  >
                    {message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <Hidden name="kind" value={variant.leadKind} />
        <Hidden name="form" value={variant.id} />
        <Hidden name="idempotency_key" value={props.idempotencyKey} />
        <Hidden name="car_id" value={car?.id} />
        {!shown.category && <Hidden name="values.category" value={variant.category} />}
        <Hidden name="values.subcategory" value={defaults.subcategory} />
        <Hidden name="request" value={variant.request} />
        {variant.leadKind === "enquiry" &&
          carDefaults &&
          Object.entries(carDefaults).map(([key, value]) => (key === "message" || key === "opt_in" ? null : <Hidden key={key} name={`defaults.${key}`} value={value as string | number} />))}
        {variant.finance && (
          <>
            <Hidden name="car_type" value={finance.carType} />
            <Hidden name="vin" value={finance.vin} />
            {Object.entries(finance.calculator).map(([key, value]) => (
              <Hidden key={key} name={`finance.${key}`} value={value} />
            ))}
            {!shown.dealership && <Hidden name="preferredDealership" value={finance.preferredDealership} />}
          </>
        )}
        {/* Honeypot: people never see or reach it; bots that fill every field are refused. */}
        <div className="enquiry-form__hp" aria-hidden="true">
          <label htmlFor={f("website")}>Leave this empty</label>
          <input id={f("website")} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>

        {variant.vehicle && (
          <>
            {/* Rendered by the server too (at the first step), so hydrating shifts nothing. */}
            <StepIndicator steps={STEP_TITLES} current={step ?? 0} label={`${heading}: progress`} />
            <fieldset className="enquiry-form__step" {...stepProps(0)}>
              <legend tabIndex={-1}>{steps > 1 ? `Step 1 of ${steps}: ${STEP_TITLES[0]}` : STEP_TITLES[0]}</legend>
              <TextField id={f("rego")} name="rego" label={L.rego} error={err("rego")} required={false} maxLength={20} autoComplete="off" />
              <SelectField id={f("regoState")} name="regoState" label={L.regoState} error={err("regoState")} required={false} placeholder="Select a state" defaultValue={DEFAULT_REGO_STATE} options={REGO_STATES.map((state) => ({ value: state, label: state }))} />
              <TextField id={f("vehicle.make")} name="vehicle.make" label={L.make} error={err("vehicle.make")} maxLength={200} />
              <TextField id={f("vehicle.model")} name="vehicle.model" label={L.model} error={err("vehicle.model")} maxLength={200} />
              <TextField id={f("vehicle.year")} name="vehicle.year" label={L.year} inputMode="numeric" maxLength={4} error={err("vehicle.year")} />
              <TextField id={f("vehicle.kms")} name="vehicle.kms" label={L.kms} inputMode="numeric" maxLength={9} suffix="kms" error={err("vehicle.kms")} />
            </fieldset>
            <fieldset className="enquiry-form__step" {...stepProps(1)}>
              <legend tabIndex={-1}>{steps > 1 ? `Step 2 of ${steps}: ${STEP_TITLES[1]}` : STEP_TITLES[1]}</legend>
              {Object.entries(ADJUSTMENT_QUESTIONS).map(([key, question]) => (
                <YesNo key={key} id={f(`adjustmentAnswers.${key}`)} name={`adjustmentAnswers.${key}`} legend={question} error={err(`adjustmentAnswers.${key}`)} />
              ))}
            </fieldset>
          </>
        )}

        <fieldset className="enquiry-form__step enquiry-form__step--details" {...stepProps(steps - 1)}>
          <legend tabIndex={-1} className={steps > 1 ? undefined : "visually-hidden"}>
            {steps > 1 ? `Step ${steps} of ${steps}: ${STEP_TITLES[2]}` : "Your details"}
          </legend>
          <TextField id={f("values.name")} name="values.name" label={L.name} autoComplete="name" maxLength={200} error={err("values.name")} />
          <TextField id={f("values.email")} name="values.email" label={L.email} type="email" autoComplete="email" maxLength={254} error={err("values.email")} />
          <TextField
            id={f("values.phone")}
            name="values.phone"
            label={L.phone}
            type="tel"
            autoComplete="tel"
            maxLength={30}
            defaultValue={props.signedInPhone ?? undefined}
            error={err("values.phone")}
          />
          <TextField
            id={f("values.postcode")}
            name="values.postcode"
            label={L.postcode}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={4}
            pattern="[0-9]{4}"
            error={err("values.postcode")}
            onInput={(event) => {
              event.currentTarget.value = postcodeInput(event.currentTarget.value);
            }}
          />
          <SelectField
            id={f("values.PreferredContactMethod")}
            name="values.PreferredContactMethod"
            label={L.preferredContact}
            required={false}
            placeholder="No preference"
            options={CONTACT_METHODS}
            error={err("values.PreferredContactMethod")}
          />
          {shown.category && variant.categories && (
            <SelectField id={f("values.category")} name="values.category" label={L.category} placeholder="Select a category" options={variant.categories.map((c) => ({ value: c, label: c }))} error={err("values.category")} />
          )}
          {shown.location && (
            <SelectField id={f("values.location")} name="values.location" label={L.location} placeholder="Select a location" options={props.locations} defaultValue={props.locationDefault ?? undefined} autoSelectSingle error={err("values.location")} onChange={loadSlots} />
          )}
          {!shown.location && props.distributionLocations.length > 0 && (
            <SelectField id={f("values.location")} name="values.location" label={L.deliveryLocation} required={false} placeholder="Select a location" options={props.distributionLocations} error={err("values.location")} />
          )}
          {shown.dealership && (
            <SelectField
              id={f("values.dealership_slug")}
              name="values.dealership_slug"
              label={L.dealership}
              placeholder="Select a dealership"
              options={props.dealerships}
              defaultValue={props.dealerships.some((d) => d.value === finance.preferredDealership) ? (finance.preferredDealership ?? "") : undefined}
              error={err("values.dealership_slug")}
            />
          )}
          {variant.finance && (
            <TextField
              id={f("vehiclePriceBudget")}
              name="vehiclePriceBudget"
              label={L.budget}
              required={false}
              prefix="$"
              inputMode="numeric"
              maxLength={9}
              defaultValue={finance.vehiclePriceBudget === null ? undefined : String(finance.vehiclePriceBudget)}
              error={err("vehiclePriceBudget")}
            />
          )}
          {figures.length > 0 && (
            // What the hidden finance.* fields send, as the dealer will read it.
            <div className="enquiry-form__figures">
              <p id={`${id}-figures`} className="enquiry-form__label">
                Your repayment calculator figures, sent with this enquiry
              </p>
              <dl aria-labelledby={`${id}-figures`}>
                {figures.map((row) => (
                  <div key={row.label}>
                    <dt>{row.label}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          {variant.booking && (
            <SelectField id={f("booking")} name="booking" label={variant.booking === "service" ? "Preferred service date and time" : "Preferred date and time"} required={false} placeholder={slots.length ? "Select a time" : "No times available online: we will call you"} options={slots} error={err("booking")} />
          )}
          {variant.services && (
            <fieldset className="enquiry-form__services">
              <legend>{L.services}</legend>
              {variant.services.map((service) => (
                <Checkbox key={service} id={f(`service-${service}`)} name="values.additional_services" value={service} label={service} />
              ))}
            </fieldset>
          )}
          <TextArea id={f("values.message")} name="values.message" label={L.message} required={!messageOptional} defaultValue={defaults.message} error={err("values.message")} />
          {variant.leadKind === "test_drive" && <Checkbox id={f("disclaimer")} name="disclaimer" value={TEST_DRIVE_DISCLAIMER} label={`${TEST_DRIVE_DISCLAIMER} (optional)`} />}
          {variant.creditCheck && <Checkbox id={f("credit_check_consent")} name="credit_check_consent" label={CREDIT_CHECK_CONSENT_TEXT} error={err("credit_check_consent")} />}
          <Checkbox id={f("values.opt_in")} name="values.opt_in" label="Keep me updated with news and offers" defaultChecked={forms.optInDefault} />
          {forms.termsRequired && <Checkbox id={f("values.terms_conditions")} name="values.terms_conditions" label={TERMS_LABEL} error={err("values.terms_conditions")} />}
          <p className="enquiry-form__privacy">
            We use your details to respond to your enquiry, as set out in our <a href="/privacy-policy">privacy policy</a>.
          </p>
        </fieldset>

        {ui.formError && (
          <div className="enquiry-form__form-error" role="alert">
            <p className="enquiry-form__errors-heading">{FORM_SUBMIT_ERROR}</p>
            {ui.formError !== FORM_SUBMIT_ERROR && <p>{ui.formError}</p>}
          </div>
        )}
        {lastStep ? (
          // Keyed apart from Next: reusing Next's element would turn the click that reached the last step into a submit.
          <button key="submit" type="submit" className={SUBMIT_BUTTON_CLASS} disabled={ui.submitting}>
            {ui.submitting && <span className="enquiry-form__spinner" aria-hidden="true" />}
            {ui.submitting ? <span className="visually-hidden">Submitting </span> : null}
            {submitText}
          </button>
        ) : (
          <button key="next" type="button" className={SUBMIT_BUTTON_CLASS} onClick={next}>
            Next
          </button>
        )}
      </form>
      {variant.vehicle && <ValuationFaq />}
    </section>
  );
}
