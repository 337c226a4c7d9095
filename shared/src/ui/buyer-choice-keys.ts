/** The device's keys for the buyer tools' choices (buyer-choices.ts), alone so a first load can test for them cheaply. */
export const REGISTRATION_PLACE_KEY = "dealer:registration-place";
export const TOW_VEHICLE_KEY = "dealer:tow-vehicle";
/** The customer details a lead form saves (customer-storage.ts): their postcode prefills the drive-away panel. */
export const CUSTOMER_KEY = "dealer:customer";
/** Marks a lead form whose empty name, email, phone and postcode fields take those details (customer-storage.ts fills them). */
export const CUSTOMER_PREFILL_ATTRIBUTE = "data-customer-prefill";

/** Whether this device holds a value under the key, read without the code that parses it; a browser refusing storage holds none. */
export function isStoredOnDevice(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}
