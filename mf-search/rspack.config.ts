import { createRemoteConfig } from "../scripts/build/remote-config";

export default createRemoteConfig({
  packageDir: import.meta.dirname,
  // One line per exposed fragment: public module name -> component file.
  exposes: {
    "./SearchResults": "./src/fragments/search-results/SearchResults.tsx",
    // One row component serves two fragments: the vehicle page's similar cars and the home page's featured stock.
    "./SimilarVehicles": "./src/fragments/vehicle-row/VehicleRow.tsx",
    "./FeaturedStock": "./src/fragments/vehicle-row/VehicleRow.tsx",
    "./DirectorySearch": "./src/fragments/directory/DirectorySearch.tsx",
    "./ManufacturerSearch": "./src/fragments/manufacturers/ManufacturerSearch.tsx",
  },
});
