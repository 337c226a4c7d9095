import { createFragmentWorker } from "@dealer/shared/fragment-server";
import type { Env } from "./env";
import { locationListFragment } from "./fragments/location-list/load.server";
import { vehicleLocationFragment } from "./fragments/vehicle-location/load.server";

export default createFragmentWorker<Env>({ remote: "mf-locations", fragments: { LocationList: locationListFragment, VehicleLocation: vehicleLocationFragment } });
