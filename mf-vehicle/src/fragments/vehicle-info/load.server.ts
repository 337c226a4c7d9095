import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import type { Env } from "../../env";
import { carDataVersion, loadCar } from "../../car-record.server";
import { type VehicleInfoProps, vehicleInfoProps } from "./view-model";
import VehicleInfoServer from "./VehicleInfo.server";

export const vehicleInfoFragment: FragmentDefinition<VehicleInfoProps, Env> = {
  load: async (request, env) => vehicleInfoProps(await loadCar(request, env), request.config, new Date()),
  Component: VehicleInfoServer,
  dataVersion: carDataVersion,
  // Server-only sections: the browser needs none of their data.
  clientProps: () => ({}),
};
