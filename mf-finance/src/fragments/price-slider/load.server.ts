import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { vehicleNoun } from "@dealer/shared/rules";
import type { Env } from "../../env";
import PriceSlider from "./PriceSlider";
import type { PriceSliderProps } from "./props";

/** The dealer's slider bounds (5000-250000 step 500 by default). */
export async function loadPriceSlider(request: FragmentRequest, _env: Env): Promise<PriceSliderProps> {
  const { sliderMin, sliderMax, sliderStep } = request.config.budget;
  return { bounds: { sliderMin, sliderMax, sliderStep }, vehicleNoun: vehicleNoun(request.site.template) };
}

export const priceSliderFragment: FragmentDefinition<PriceSliderProps, Env> = {
  load: loadPriceSlider,
  Component: PriceSlider,
};
