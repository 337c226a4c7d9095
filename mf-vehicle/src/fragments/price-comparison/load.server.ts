import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { vehiclePath } from "@dealer/shared/rules";
import { carDataVersion, loadCar } from "../../car-record.server";
import type { Env } from "../../env";
import PriceComparison, { type PriceComparisonProps } from "./PriceComparison";

/** Only on sites with the Autogauge plugin; the figures are fetched by the browser when the panel nears the viewport. */
export const priceComparisonFragment: FragmentDefinition<PriceComparisonProps, Env> = {
  load: async (request, env) => {
    const car = await loadCar(request, env);
    return { autogaugePath: request.config.features.autogauge ? `${vehiclePath(car.slug)}/autogauge` : null };
  },
  Component: PriceComparison,
  dataVersion: carDataVersion,
};
