import type { LocationLayout } from "@dealer/shared/rules";
import type { LocationCardView } from "../../locations/card";
import type { LocationsMapProps } from "../../locations/maps";

/** The dealer locator's form (a GET form: it works before and without JavaScript) and its outcome. */
export type LocatorState = {
  filter: string;
  state: string;
  postcode: string;
  states: string[];
  /** 'Invalid postcode. Please enter a 4-digit number.' or 'Invalid postcode'. */
  error: string | null;
  /** Kilometres from the postcode, by location id, when one was given. */
  distances: Record<number, number>;
};

export type LocationListProps = {
  heading: string;
  layout: LocationLayout;
  /** Wide-screen grid columns by the spec's count rules. */
  columns: number;
  locations: LocationCardView[];
  locator: LocatorState | null;
  /** The map of the listed locations (the locator, or `map=true`); null where the block has none. */
  map: LocationsMapProps | null;
  /** schema.org AutoDealer graph of the listed locations, already serialised for a ld+json block. */
  jsonLd: string | null;
};
