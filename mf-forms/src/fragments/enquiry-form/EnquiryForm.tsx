import { FORM_SUBMIT_ERROR, leadUserData, postcodeInput, SUCCESS_PATH } from "@dealer/shared/rules";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { type FieldErrors, type Resolver, type UseFormRegisterReturn, useForm } from "react-hook-form";
import type { FormKind, LeadFormValues } from "../../leads/form-schema";
import { readCustomer, saveCustomer, saveSuccessCategory } from "./customer-storage";
import { loadSubmission, preloadSubmission } from "./load-submission";
import type { EnquiryFormProps } from "./props";

export type { EnquiryFormProps } from "./props";

// Type-checked against the contract without importing it at run time (that module pulls in zod).
const FORM_ERRORS_HEADING: (typeof import("@dealer/shared/contract"))["FORM_ERRORS_HEADING"] = "Please fix the following errors:";

/** What the inputs hold; the schema turns it into LeadFormValues. */
type FormFields = { name: string; email: string; phone: string; postcode: string; message: string; opt_in: boolean; terms_conditions: boolean };
/** Fields prefilled from the visitor's earlier submit. */
const PREFILLED = ["name", "email", "phone", "postcode"] as const;

function Field(props: {
  id: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: "numeric";
  maxLength?: number;
  multiline?: boolean;
  /** Server-rendered starting value; react-hook-form's inputs are uncontrolled. */
  defaultValue?: string;
}) {
  const { id, label, error, registration, multiline, ...input } = props;
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div className={`enquiry-form__field${error ? " enquiry-form__field--invalid" : ""}`}>
      <label htmlFor={id} className="enquiry-form__label">
        {label}
      </label>
      {multiline ? (
        <textarea id={id} className="enquiry-form__input" rows={4} defaultValue={input.defaultValue} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...registration} />
      ) : (
        <input id={id} className="enquiry-form__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} {...registration} />
      )}
      {error && (
        <p id={`${id}-error`} className="enquiry-form__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The postcode input keeps digits only, at most 4, as the visitor types. */
function digitsOnly(registration: UseFormRegisterReturn): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event) => {
      event.target.value = postcodeInput(event.target.value);
      return registration.onChange(event);
    },
  };
}

/**
 * Validates with the API's zod schema, loaded on first use: the form renders and hydrates without
 * zod, and a submit waits for the schema. Throws when it cannot load (the submit shows an error).
 */
function lazyLeadFormResolver(forms: EnquiryFormProps["forms"], kind: FormKind): Resolver<FormFields, unknown, LeadFormValues> {
  let validate: Resolver<FormFields, unknown, LeadFormValues> | undefined;
  return async (values, context, options) => {
    const { leadFormValuesSchema, zodResolver } = await loadSubmission();
    validate ??= zodResolver<FormFields, LeadFormValues>(leadFormValuesSchema(forms, kind));
    return validate(values, context, options);
  };
}

function errorMessages(errors: FieldErrors<FormFields>): string[] {
  return Object.values(errors).flatMap((error) => (error?.message ? [String(error.message)] : []));
}

export default function EnquiryForm({ kind, heading, submitText, forms, car, defaults }: EnquiryFormProps) {
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => lazyLeadFormResolver(forms, kind), [forms, kind]);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<FormFields, unknown, LeadFormValues>({
    resolver,
    defaultValues: { name: "", email: "", phone: "", postcode: "", message: defaults.message, opt_in: forms.optInDefault, terms_conditions: false },
  });

  // Prefill from the visitor's earlier submit after hydration, so the server and first client render agree.
  useEffect(() => {
    const saved = readCustomer(window.localStorage);
    if (!saved) return;
    for (const field of PREFILLED) {
      const value = saved[field];
      if (value && !getValues(field)) setValue(field, value);
    }
  }, [getValues, setValue]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    // Already loaded: validation ran first.
    const { submitLead } = await loadSubmission();
    const outcome = await submitLead({
      kind,
      values: { ...values, ...(defaults.subcategory ? { subcategory: defaults.subcategory } : {}) },
      userData: leadUserData({
        url: window.location.href,
        userAgent: window.navigator.userAgent,
        car: car ? { id: car.id, dealership_id: car.dealershipId } : null,
        visitedPages: [window.location.pathname],
        linkedQueryParams: Object.fromEntries(new URLSearchParams(window.location.search)),
      }),
    });
    if (!outcome.ok) {
      for (const [path, messages] of Object.entries(outcome.fieldErrors)) {
        const field = path.replace(/^values\./, "") as keyof FormFields;
        if (field in values) setError(field, { type: "server", message: messages[0] });
      }
      setFormError(outcome.message);
      return;
    }
    saveCustomer(window.localStorage, values);
    saveSuccessCategory(window.localStorage, kind);
    window.location.assign(SUCCESS_PATH);
  });
  // The values stay in the form, so the visitor can submit again.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => submit(event).catch(() => setFormError(FORM_SUBMIT_ERROR));

  const messages = errorMessages(errors);
  const fieldId = (name: string) => `${id}-${name}`;

  return (
    <section className="enquiry-form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="enquiry-form__heading">
        {heading}
      </h2>
      <form className="enquiry-form__form" noValidate onSubmit={onSubmit} onFocus={preloadSubmission} aria-busy={isSubmitting}>
        {submitCount > 0 && messages.length > 0 && (
          <div className="enquiry-form__errors" role="alert">
            <p className="enquiry-form__errors-heading">{FORM_ERRORS_HEADING}</p>
            <ul>
              {messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
        <Field id={fieldId("name")} label="Name" autoComplete="name" error={errors.name?.message} registration={register("name")} />
        <Field id={fieldId("email")} label="Email" type="email" autoComplete="email" error={errors.email?.message} registration={register("email")} />
        <Field id={fieldId("phone")} label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} registration={register("phone")} />
        <Field
          id={fieldId("postcode")}
          label="Postcode"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={4}
          error={errors.postcode?.message}
          registration={digitsOnly(register("postcode"))}
        />
        <Field
          id={fieldId("message")}
          label={forms.messageOptional || kind === "test_drive" ? "Comments (optional)" : "Comments"}
          multiline
          defaultValue={defaults.message}
          error={errors.message?.message}
          registration={register("message")}
        />
        <div className="enquiry-form__check">
          <input id={fieldId("opt_in")} type="checkbox" defaultChecked={forms.optInDefault} {...register("opt_in")} />
          <label htmlFor={fieldId("opt_in")}>Keep me updated with news and offers</label>
        </div>
        {forms.termsRequired && (
          <div className="enquiry-form__check">
            <input id={fieldId("terms")} type="checkbox" aria-invalid={errors.terms_conditions ? true : undefined} {...register("terms_conditions")} />
            <label htmlFor={fieldId("terms")}>I agree to the terms of use</label>
          </div>
        )}
        {formError && (
          <p className="enquiry-form__form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="enquiry-form__submit" disabled={isSubmitting}>
          {isSubmitting && <span className="enquiry-form__spinner" aria-hidden="true" />}
          {isSubmitting ? <span className="visually-hidden">Submitting </span> : null}
          {submitText}
        </button>
      </form>
    </section>
  );
}
