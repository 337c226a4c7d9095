import { createFragmentWorker } from "@dealer/shared/fragment-server";
import type { Env } from "./env";
import { locationDetailFragment } from "./fragments/location-detail/load.server";
import { locationListFragment } from "./fragments/location-list/load.server";
import { reviewsSummaryFragment } from "./fragments/reviews-summary/load.server";
import { salesCounterFragment } from "./fragments/sales-counter/load.server";
import { vehicleLocationFragment } from "./fragments/vehicle-location/load.server";

export default createFragmentWorker<Env>({
  remote: "mf-locations",
  fragments: {
    LocationList: locationListFragment,
    LocationDetail: locationDetailFragment,
    ReviewsSummary: reviewsSummaryFragment,
    SalesCounter: salesCounterFragment,
    VehicleLocation: vehicleLocationFragment,
  },
});
