import { createFragmentWorker } from "@dealer/shared/fragment-server";
import { createVehicleApi } from "./api/routes";
import type { Env } from "./env";
import { fuelCostFragment } from "./fragments/fuel-cost/load.server";
import { priceComparisonFragment } from "./fragments/price-comparison/load.server";
import { comparePageFragment, favouritesPageFragment, recentlyViewedFragment } from "./fragments/saved-cars/load.server";
import { vehicleDetailFragment } from "./fragments/vehicle-detail/load.server";
import { vehicleInfoFragment } from "./fragments/vehicle-info/load.server";

const app = createFragmentWorker<Env>({
  remote: "mf-vehicle",
  fragments: {
    VehicleDetail: vehicleDetailFragment, VehicleInfo: vehicleInfoFragment, PriceComparison: priceComparisonFragment, FuelCost: fuelCostFragment,
    ComparePage: comparePageFragment,
    FavouritesPage: favouritesPageFragment,
    RecentlyViewed: recentlyViewedFragment,
  },
});
app.route("/", createVehicleApi());

export default app;
