/** A saved car as the watchlist lists it: its current price text and whether it is still for sale. */
export type GarageCar = { id: number; name: string; href: string; image: string | null; price: string; inStock: boolean; sold: boolean };
export type GarageSearch = { id: number; href: string; label: string };
export type GarageEnquiry = { id: number; kind: string; car: string | null; date: string };
/** `view` "watchlist" is the watchlist page; "garage" is My garage (watchlist, saved searches, enquiries). */
export type GarageProps = {
  view: "watchlist" | "garage";
  phone: string;
  cars: GarageCar[];
  searches: GarageSearch[];
  enquiries: GarageEnquiry[];
  /** Price-drop and sold alerts by text: on (with the consent recorded) or off. */
  alerts: boolean;
};
