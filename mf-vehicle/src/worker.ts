import { createFragmentWorker } from "@dealer/shared/fragment-server";
import { createBuyerToolsApi } from "./api/buyer-tools";
import { createVehicleExtrasApi } from "./api/extras";
import { createVehicleApi } from "./api/routes";
import type { Env } from "./env";
import { deliveryCostFragment } from "./fragments/delivery-cost/load.server";
import { fuelCostFragment } from "./fragments/fuel-cost/load.server";
import { priceComparisonFragment } from "./fragments/price-comparison/load.server";
import { comparePageFragment, favouritesPageFragment, recentlyViewedFragment } from "./fragments/saved-cars/load.server";
import { vehicleDetailFragment } from "./fragments/vehicle-detail/load.server";
import { vehicleInfoFragment } from "./fragments/vehicle-info/load.server";
import { vehiclePrintFragment } from "./fragments/vehicle-print/load.server";

const app = createFragmentWorker<Env>({
  remote: "mf-vehicle",
  fragments: {
    VehicleDetail: vehicleDetailFragment, VehicleInfo: vehicleInfoFragment, PriceComparison: priceComparisonFragment, FuelCost: fuelCostFragment,
    ComparePage: comparePageFragment,
    FavouritesPage: favouritesPageFragment,
    RecentlyViewed: recentlyViewedFragment,
    DeliveryCost: deliveryCostFragment,
    VehiclePrint: vehiclePrintFragment,
  },
});
app.route("/", createVehicleApi());
app.route("/", createVehicleExtrasApi());
app.route("/", createBuyerToolsApi());

export default app;
