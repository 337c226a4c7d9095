import type { PriceSliderBounds } from "@dealer/shared/rules";

export type PriceSliderProps = { bounds: PriceSliderBounds; vehicleNoun: string };
