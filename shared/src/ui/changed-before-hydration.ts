import { type RefObject, useEffect } from "react";

/** The value a single-choice select shows from its markup alone: its last option marked selected, else its first enabled. */
function markupChoice(select: HTMLSelectElement): string {
  const options = Array.from(select.options);
  return (options.filter((option) => option.defaultSelected).at(-1) ?? options.find((option) => !option.disabled))?.value ?? "";
}

/**
 * A field's value if the shopper changed it before hydration, else null: an input or textarea whose value differs from
 * its `defaultValue`, a checkbox or a radio button whose checked state differs from its `defaultChecked` ("" for a
 * checkbox unchecked; a radio button unchecked by another one of its group says nothing new), a select whose choice
 * differs from its markup's.
 */
function fieldChangedBeforeHydration(field: Element): string | null {
  if (field instanceof HTMLInputElement) {
    if (field.type === "radio" || field.type === "checkbox") {
      return field.checked !== field.defaultChecked && (field.checked || field.type === "checkbox") ? (field.checked ? field.value : "") : null;
    }
    return field.value !== field.defaultValue ? field.value : null;
  }
  if (field instanceof HTMLSelectElement) {
    const changed = field.multiple ? Array.from(field.options).some((option) => option.selected !== option.defaultSelected) : field.value !== markupChoice(field);
    return changed ? field.value : null;
  }
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue ? field.value : null;
  return null;
}

/**
 * The fields of `form` the shopper changed before its code hydrated it, as [name, value] in document order. A slot
 * that hydrates on first touch (or late on a slow phone) keeps what was typed, picked or checked meanwhile on screen,
 * because React leaves those DOM values alone when it hydrates, but its state still holds the server's values: a figure
 * would be worked out from numbers the shopper no longer sees. Call this once, from an effect after hydration.
 */
export function fieldsChangedBeforeHydration(form: HTMLFormElement): [string, string][] {
  return Array.from(form.elements).flatMap((field) => {
    const value = fieldChangedBeforeHydration(field);
    return value === null ? [] : [[(field as HTMLInputElement).name, value] as [string, string]];
  });
}

/** Runs `apply` once after hydration for each field of the form that the shopper changed before it (see above). */
export function useFieldsChangedBeforeHydration(form: RefObject<HTMLFormElement | null>, apply: (name: string, value: string) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; `apply` is a new function each render
  useEffect(() => {
    if (form.current) for (const [name, value] of fieldsChangedBeforeHydration(form.current)) apply(name, value);
  }, []);
}
