import type { LocationLayout } from "@dealer/shared/rules";
import type { LocationCardView } from "../../locations/card";

export type LocationListProps = {
  heading: string;
  layout: LocationLayout;
  /** Wide-screen grid columns by the spec's count rules. */
  columns: number;
  locations: LocationCardView[];
};
