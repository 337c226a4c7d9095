import type { LocationCardView } from "../locations/card";
import type { LocationsMapProps } from "../locations/maps";

/** What each map (the static picture, the platform's map, Google's) is given. */
export type MapViewProps = {
  map: LocationsMapProps;
  locations: LocationCardView[];
  /** The location whose pin is highlighted and whose card is open (a pin, or "Show on map" in the list). */
  selected: number | null;
  onSelect: (id: number | null) => void;
  label: string;
};
