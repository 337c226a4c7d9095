import { createFragmentWorker } from "@dealer/shared/fragment-server";
import type { Env } from "./env";
import { vehicleDetailFragment } from "./fragments/vehicle-detail/load.server";

export default createFragmentWorker<Env>({ remote: "mf-vehicle", fragments: { VehicleDetail: vehicleDetailFragment } });
