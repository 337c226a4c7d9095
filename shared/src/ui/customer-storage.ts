import { type LocalPrefill, localPrefillToStore } from "../rules/forms";
import { CUSTOMER_KEY } from "./buyer-choice-keys";

export type StoredCustomer = { name: string; email: string; phone: string; last_name?: string; postcode?: string };

/** Saves name, last name, email, phone and postcode only when name, email and phone are all present. */
export function saveCustomer(storage: Storage, values: Partial<LocalPrefill>): boolean {
  const prefill = localPrefillToStore(values);
  if (prefill) storage.setItem(CUSTOMER_KEY, JSON.stringify(prefill));
  return prefill !== null;
}

/**
 * Reads what saveCustomer stored. Hand-written instead of a zod schema: the prefill runs on
 * hydration, and zod must stay out of the form's first download. Unknown keys are dropped.
 */
export function readCustomer(storage: Storage): StoredCustomer | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(CUSTOMER_KEY) ?? "null");
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { name, email, phone, last_name, postcode } = value as Record<string, unknown>;
  if (typeof name !== "string" || typeof email !== "string" || typeof phone !== "string") return null;
  if (!isOptionalString(last_name) || !isOptionalString(postcode)) return null;
  return { name, email, phone, ...(last_name === undefined ? {} : { last_name }), ...(postcode === undefined ? {} : { postcode }) };
}

function isOptionalString(field: unknown): field is string | undefined {
  return field === undefined || typeof field === "string";
}

const PREFILLED = ["name", "email", "phone", "postcode"] as const;

/**
 * Fills a lead form's empty fields from the device. The shell runs it on every marked form as the form nears the
 * viewport or is first touched, so a form whose code loads on first use shows the details before the shopper types; a
 * form hydrated at load runs it again (it never overwrites what is there).
 */
export function prefillCustomerForm(form: HTMLFormElement, storage: Storage): void {
  const saved = readCustomer(storage);
  if (!saved) return;
  for (const field of PREFILLED) {
    const input = form.elements.namedItem(`values.${field}`);
    if (input instanceof HTMLInputElement && !input.value && saved[field]) input.value = saved[field] ?? "";
  }
}
