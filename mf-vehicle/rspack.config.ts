import { createRemoteConfig } from "../scripts/build/remote-config";

export default createRemoteConfig({
  packageDir: import.meta.dirname,
  // The vehicle page's breadcrumb, price block, key facts, the certified dialog, the share toast and the price comparison's skeleton (docs/design.md).
  designComponents: ["breadcrumb", "price-block", "key-facts", "dialog-toast", "skeleton"],
  // One line per exposed fragment: public module name -> component file (the browser's build of it).
  exposes: {
    "./VehicleDetail": "./src/fragments/vehicle-detail/VehicleDetail.tsx",
    "./VehicleInfo": "./src/fragments/vehicle-info/VehicleInfo.tsx",
    "./PriceComparison": "./src/fragments/price-comparison/PriceComparison.tsx",
    "./FuelCost": "./src/fragments/fuel-cost/FuelCost.tsx",
    "./ComparePage": "./src/fragments/saved-cars/ComparePage.tsx",
    "./FavouritesPage": "./src/fragments/saved-cars/FavouritesPage.tsx",
    "./RecentlyViewed": "./src/fragments/saved-cars/RecentlyViewed.tsx",
    "./DeliveryCost": "./src/fragments/delivery-cost/DeliveryCost.tsx",
    "./VehiclePrint": "./src/fragments/vehicle-print/VehiclePrint.tsx",
  },
});
