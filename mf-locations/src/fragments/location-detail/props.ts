import type { LocationCardView, HoursLine, HoursText } from "../../locations/card";
import type { LocationsMapProps } from "../../locations/maps";

export type DepartmentHours = { type: string; label: string; today: HoursText; lines: HoursLine[] };

export type LocationDetailProps = {
  card: LocationCardView;
  /** One entry per department the location has hours for; a selector shows when there are several. */
  departments: DepartmentHours[];
  /** The department shown first. */
  initialType: string;
  rating: { average: number; count: number } | null;
  /** The location on the map (ADR 0050): its picture first, the interactive map on approach. */
  map: LocationsMapProps;
  /** schema.org AutoDealer data, already serialised for a ld+json block. */
  jsonLd: string;
};
