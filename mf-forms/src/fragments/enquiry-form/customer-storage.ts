import { type LocalPrefill, localPrefillToStore } from "@dealer/shared/rules";

/** What the visitor's device keeps to prefill later forms (spec: saved on submit). */
const CUSTOMER_KEY = "dealer:customer";
const SUCCESS_CATEGORY_KEY = "dealer:success-category";

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

export function saveSuccessCategory(storage: Storage, category: string): void {
  storage.setItem(SUCCESS_CATEGORY_KEY, category);
}
