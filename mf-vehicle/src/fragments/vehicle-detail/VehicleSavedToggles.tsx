import { CompareToggle, FavouriteToggle } from "@dealer/shared/saved-cars";
import type { VehicleInteractiveProps } from "./props";

/** The vehicle page's favourite and compare toggles (summary and sticky header share the page-wide state). */
export function VehicleSavedToggles({ car, saved }: { car: VehicleInteractiveProps["car"]; saved: VehicleInteractiveProps["saved"] }) {
  if (!saved.favourite && !saved.compare) return null;
  return (
    <div className="vehicle-saved-toggles">
      {saved.favourite && <FavouriteToggle car={saved.favourite} />}
      {saved.compare && <CompareToggle id={car.id} name={car.title} />}
    </div>
  );
}
