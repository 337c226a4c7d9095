import type { AlertChannel } from "@dealer/shared/rules";

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
  /** Price-drop and sold alerts: on by SMS or e-mail (with the consent recorded), or off (null). */
  alerts: AlertChannel | null;
  /** The account's e-mail for alerts (ADR 0027): the confirmed address, and one a code was sent to. */
  email: { confirmed: string | null; pending: string | null; notice: string | null; error: string | null };
};
