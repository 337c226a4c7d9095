import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { fuelCalculatorShown } from "@dealer/shared/rules";
import { carDataVersion, loadCar } from "../../car-record.server";
import type { Env } from "../../env";
import FuelCost, { type FuelCostProps } from "./FuelCost";

export const fuelCostFragment: FragmentDefinition<FuelCostProps, Env> = {
  load: async (request, env) => {
    const car = await loadCar(request, env);
    const shown = fuelCalculatorShown(car);
    return { shown, litresPer100km: shown ? (car.variant?.fuelconsumptioncombined ?? null) : null };
  },
  Component: FuelCost,
  dataVersion: carDataVersion,
};
