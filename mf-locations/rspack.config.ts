import { createRemoteConfig } from "../scripts/build/remote-config";

export default createRemoteConfig({
  packageDir: import.meta.dirname,
  // One line per exposed fragment: public module name -> component file.
  exposes: {
    "./LocationList": "./src/fragments/location-list/LocationList.tsx",
    "./VehicleLocation": "./src/fragments/vehicle-location/VehicleLocation.tsx",
  },
});
