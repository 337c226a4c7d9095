import { type ReactNode, useEffect, useRef } from "react";
import type { FormOption } from "./props";

/** Field markup shared by every form: a visible label, the error under the field, linked by aria-describedby. */
type Common = { id: string; name: string; label: string; error: string | undefined; required?: boolean };

export const fieldId = (formId: string, name: string) => `${formId}-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}`;

function Wrapper({ id, label, error, children, required }: Omit<Common, "name"> & { children: ReactNode }) {
  return (
    <div className={`enquiry-form__field${error ? " enquiry-form__field--invalid" : ""}`}>
      <label htmlFor={id} className="enquiry-form__label">
        {label}
        {required === false ? " (optional)" : ""}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="enquiry-form__error">
          {error}
        </p>
      )}
    </div>
  );
}

const aria = (id: string, error: string | undefined) => ({ "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined });

export function TextField(
  props: Common & {
    type?: "text" | "email" | "tel";
    autoComplete?: string;
    inputMode?: "numeric" | "decimal";
    maxLength?: number;
    /** Checked by the browser before any script (the form posts without one). */
    pattern?: string;
    defaultValue?: string;
    /** Text after the input, e.g. 'kms' on the odometer. */
    suffix?: string;
    prefix?: string;
    onInput?: (event: React.FormEvent<HTMLInputElement>) => void;
  },
) {
  const { id, name, label, error, required, suffix, prefix, ...input } = props;
  const field = <input id={id} name={name} className="enquiry-form__input" aria-required={required || undefined} {...aria(id, error)} {...input} />;
  return (
    <Wrapper id={id} label={label} error={error} required={required}>
      {suffix || prefix ? (
        <div className="enquiry-form__affix">
          {prefix && <span aria-hidden="true">{prefix}</span>}
          {field}
          {suffix && <span>{suffix}</span>}
        </div>
      ) : (
        field
      )}
    </Wrapper>
  );
}

export function TextArea(props: Common & { defaultValue?: string }) {
  const { id, name, label, error, required, defaultValue } = props;
  return (
    <Wrapper id={id} label={label} error={error} required={required}>
      <textarea id={id} name={name} className="enquiry-form__input" rows={4} defaultValue={defaultValue} maxLength={5000} aria-required={required || undefined} {...aria(id, error)} />
    </Wrapper>
  );
}

export function SelectField(
  props: Common & { options: FormOption[]; placeholder: string; defaultValue?: string; autoSelectSingle?: boolean; onChange?: (value: string) => void },
) {
  const { id, name, label, error, required, options, placeholder, onChange } = props;
  // Spec: a single location option is auto-selected (once: the shopper may still clear it).
  const defaultValue = props.defaultValue ?? (props.autoSelectSingle && options.length === 1 ? options[0]?.value : "");
  const select = useRef<HTMLSelectElement>(null);
  // A form hydrates on the shopper's first touch (ADR 0029): a choice made before its code arrived fired a change React
  // never saw (a service location whose times were then never loaded), so it is passed on once, when hydrated. Not
  // @dealer/shared/changed-before-hydration: a lone select needs only this, and that module cost /trade-in's first
  // load 0.12 KB of its 10 KB headroom (ADR 0133).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; the handler is a new function each render
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen !== undefined && chosen !== defaultValue) onChange?.(chosen);
  }, []);
  return (
    <Wrapper id={id} label={label} error={error} required={required}>
      <select
        ref={select}
        id={id}
        name={name}
        className="enquiry-form__input"
        defaultValue={defaultValue}
        aria-required={required || undefined}
        {...aria(id, error)}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Wrapper>
  );
}

export function Checkbox(props: { id: string; name: string; label: ReactNode; error?: string; defaultChecked?: boolean; value?: string }) {
  const { id, name, label, error, defaultChecked, value } = props;
  return (
    <div className={`enquiry-form__check${error ? " enquiry-form__field--invalid" : ""}`}>
      <input id={id} type="checkbox" name={name} value={value} defaultChecked={defaultChecked} {...aria(id, error)} />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p id={`${id}-error`} className="enquiry-form__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function YesNo(props: { id: string; name: string; legend: string; error?: string }) {
  const { id, name, legend, error } = props;
  return (
    <fieldset className="enquiry-form__yesno" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {["Yes", "No"].map((answer) => (
        <label key={answer} className="enquiry-form__radio">
          <input type="radio" name={name} value={answer} id={answer === "Yes" ? id : undefined} />
          {answer}
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="enquiry-form__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function Hidden({ name, value }: { name: string; value: string | number | null | undefined }) {
  return value === null || value === undefined || value === "" ? null : <input type="hidden" name={name} value={String(value)} />;
}
