import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import type { Env } from "../../env";
import { carDataVersion, loadPageCar } from "../../car-record.server";
import type { VehicleDetailProps } from "./props";
import { vehicleDetailProps } from "./view-model";
import VehicleDetailServer from "./VehicleDetail.server";

export async function loadVehicleDetail(...[request, env]: Parameters<FragmentDefinition<VehicleDetailProps, Env>["load"]>): Promise<Required<VehicleDetailProps>> {
  const { car, primaryCity } = await loadPageCar(request, env);
  return vehicleDetailProps(car, { config: request.config, siteSlug: request.site.slug, primaryCity, origin: request.origin, siteName: request.site.name, query: request.params });
}

export const vehicleDetailFragment: FragmentDefinition<VehicleDetailProps, Env> = {
  load: loadVehicleDetail,
  Component: VehicleDetailServer,
  dataVersion: carDataVersion,
  // The static parts are in the server HTML; the browser needs only what its interactive parts use.
  clientProps: ({ interactive }) => ({ interactive }),
};
