import { createRemoteConfig } from "../scripts/build/remote-config";

export default createRemoteConfig({
  packageDir: import.meta.dirname,
  // One line per exposed fragment: public module name -> component file.
  exposes: {
    "./VehicleDetail": "./src/fragments/vehicle-detail/VehicleDetail.tsx",
  },
});
