import { type LocalPrefill, localPrefillToStore } from "@dealer/shared/rules";
import { z } from "zod";

/** What the visitor's device keeps to prefill later forms (spec: saved on submit). */
const CUSTOMER_KEY = "dealer:customer";
const SUCCESS_CATEGORY_KEY = "dealer:success-category";

const storedCustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  last_name: z.string().optional(),
  postcode: z.string().optional(),
});
export type StoredCustomer = z.infer<typeof storedCustomerSchema>;

/** Saves name, last name, email, phone and postcode only when name, email and phone are all present. */
export function saveCustomer(storage: Storage, values: Partial<LocalPrefill>): boolean {
  const prefill = localPrefillToStore(values);
  if (prefill) storage.setItem(CUSTOMER_KEY, JSON.stringify(prefill));
  return prefill !== null;
}

export function readCustomer(storage: Storage): StoredCustomer | null {
  try {
    const parsed = storedCustomerSchema.safeParse(JSON.parse(storage.getItem(CUSTOMER_KEY) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSuccessCategory(storage: Storage, category: string): void {
  storage.setItem(SUCCESS_CATEGORY_KEY, category);
}
