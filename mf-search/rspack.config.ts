import { createRemoteConfig } from "../scripts/build/remote-config";

export default createRemoteConfig({
  packageDir: import.meta.dirname,
  // One line per exposed fragment: public module name -> component file.
  exposes: {
    "./SearchResults": "./src/fragments/search-results/SearchResults.tsx",
    "./SimilarVehicles": "./src/fragments/similar-vehicles/SimilarVehicles.tsx",
  },
});
