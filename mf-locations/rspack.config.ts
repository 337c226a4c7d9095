import { createRemoteConfig } from "../scripts/build/remote-config";

export default createRemoteConfig({
  packageDir: import.meta.dirname,
  // One line per exposed fragment: public module name -> component file.
  exposes: {
    "./LocationList": "./src/fragments/location-list/LocationList.tsx",
    "./LocationDetail": "./src/fragments/location-detail/LocationDetail.tsx",
    "./ReviewsSummary": "./src/fragments/reviews-summary/ReviewsSummary.tsx",
    "./SalesCounter": "./src/fragments/sales-counter/SalesCounter.tsx",
    "./VehicleLocation": "./src/fragments/vehicle-location/VehicleLocation.tsx",
  },
});
