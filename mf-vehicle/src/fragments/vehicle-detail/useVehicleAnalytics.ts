import { track, trackMarkedClicks } from "@dealer/shared/analytics";
import { type RefObject, useEffect } from "react";
import { VEHICLE_EVENTS } from "../../analytics-events";
import type { VehicleInteractiveProps } from "./props";

/**
 * The page view (event 15) and the pixel's ViewContent once the page has hydrated, then every click on a
 * control marked data-analytics-event in the vehicle section (phone reveal, share, print, certified dialog).
 */
export function useVehicleAnalytics(root: RefObject<HTMLElement | null>, { car, price }: Pick<VehicleInteractiveProps, "car" | "price">): void {
  useEffect(() => {
    const data = { car_id: car.id };
    track({ kind: "event", id: VEHICLE_EVENTS.view, data });
    track({
      kind: "pixel",
      name: "ViewContent",
      data: { price: price.kind === "price" ? price.amount : null, make: car.make, model: car.model, currency: "AUD" },
    });
    return root.current ? trackMarkedClicks(root.current, data) : undefined;
  }, [root, car, price]);
}
