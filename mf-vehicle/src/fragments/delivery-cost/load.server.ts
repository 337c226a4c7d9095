import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { carDataVersion, loadCar } from "../../car-record.server";
import type { Env } from "../../env";
import DeliveryCost, { type DeliveryCostProps } from "./DeliveryCost";

export const deliveryCostFragment: FragmentDefinition<DeliveryCostProps, Env> = {
  load: async (request, env) => ({ carId: (await loadCar(request, env)).id }),
  Component: DeliveryCost,
  dataVersion: carDataVersion,
};
