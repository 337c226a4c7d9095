/**
 * A private seller's car (sold on consignment) carries the seller's suburb and postcode, and a car may carry the
 * title it is advertised under on carsales. The car page shows each only where it applies, so a buyer sees where
 * a private car is and the title they found it by, and never an empty or repeated row.
 */
type ListingFields = { name: string; private_suburb?: string | null; private_postcode?: string | null; carsales_title?: string | null };

const clean = (text: string | null | undefined) => text?.trim().replace(/\s+/g, " ") ?? "";

/** "Box Hill 3128": only when the car has a private seller's suburb (a postcode alone does not place it). */
export function privateSellerLocation(car: ListingFields): string | null {
  const suburb = clean(car.private_suburb);
  if (!suburb) return null;
  const postcode = clean(car.private_postcode);
  return postcode ? `${suburb} ${postcode}` : suburb;
}

/** The carsales title, only when it says more than the car's own name (most feeds copy the name into it). */
export function carsalesTitle(car: ListingFields): string | null {
  const title = clean(car.carsales_title);
  return title && title.toLowerCase() !== clean(car.name).toLowerCase() ? title : null;
}
