/** One line of hours; `href` is set when the dealer shows a closed weekend day as an 'Enquire Now' link. */
export type HoursText = { text: string; href: string | null };
export type HoursLine = { days: string; hours: HoursText };

export type LocationCard = {
  id: number;
  name: string;
  slug: string;
  address: { street: string; city: string; state: string; postcode: string };
  phone: string;
  directionsUrl: string;
  /** Resolved by the loader at request time in the location's timezone, so server and browser agree. */
  today: { hours: HoursText; holiday: string | null };
  week: HoursLine[];
};

export type LocationListProps = { heading: string; locations: LocationCard[] };
