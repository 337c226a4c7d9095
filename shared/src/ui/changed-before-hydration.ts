import { type RefObject, useEffect } from "react";

/**
 * The fields of `form` the shopper changed before its code hydrated it, as [name, value] in document order. A slot
 * that hydrates on first touch (or late on a slow phone) keeps what was typed, picked or checked meanwhile on screen,
 * because React leaves those DOM values alone when it hydrates, but its state still holds the server's values: a figure
 * would be worked out from numbers the shopper no longer sees. A field differs from its server markup (its
 * `defaultValue`, `defaultChecked`, or an option's `defaultSelected`); call this once, from an effect after hydration.
 */
export function fieldsChangedBeforeHydration(form: HTMLFormElement): [string, string][] {
  const changed: [string, string][] = [];
  for (const field of Array.from(form.elements)) {
    if (field instanceof HTMLInputElement) {
      if (field.type === "radio" || field.type === "checkbox") {
        // A radio group changed when one of its buttons was checked; the one unchecked by it says nothing new.
        if (field.checked !== field.defaultChecked && (field.checked || field.type === "checkbox")) changed.push([field.name, field.checked ? field.value : ""]);
      } else if (field.value !== field.defaultValue) changed.push([field.name, field.value]);
    } else if (field instanceof HTMLSelectElement) {
      if (Array.from(field.options).some((option) => option.selected !== option.defaultSelected)) changed.push([field.name, field.value]);
    } else if (field instanceof HTMLTextAreaElement && field.value !== field.defaultValue) changed.push([field.name, field.value]);
  }
  return changed;
}

/** Runs `apply` once after hydration for each field of the form that the shopper changed before it (see above). */
export function useFieldsChangedBeforeHydration(form: RefObject<HTMLFormElement | null>, apply: (name: string, value: string) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; `apply` is a new function each render
  useEffect(() => {
    if (form.current) for (const [name, value] of fieldsChangedBeforeHydration(form.current)) apply(name, value);
  }, []);
}
