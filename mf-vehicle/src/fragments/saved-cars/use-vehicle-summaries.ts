import type { VehicleSummary } from "@dealer/shared/contract";
import { useEffect, useState } from "react";

export const VEHICLE_SUMMARIES_PATH = "/api/vehicles/summaries";

export type Summaries = { status: "loading" | "data" | "error"; cars: VehicleSummary[] };

/** The answer's outline, without zod in the browser (ADR 0002): anything else reads as an error. */
function readSummaries(body: unknown): VehicleSummary[] | null {
  const cars = body && typeof body === "object" ? (body as { cars?: unknown }).cars : null;
  if (!Array.isArray(cars)) return null;
  return cars.filter((car): car is VehicleSummary => Boolean(car) && typeof car === "object" && typeof (car as VehicleSummary).id === "number");
}

/**
 * The cars of these ids from the vehicle API, in the order of `ids`. Fetches again only when an id it has not
 * loaded appears, so removing a car from a list updates the page without a round trip.
 */
export function useVehicleSummaries(ids: number[]): Summaries {
  const [state, setState] = useState<Summaries & { asked: number[] }>({ status: "loading", cars: [], asked: [] });
  const missing = ids.filter((id) => !state.asked.includes(id));
  const key = missing.length ? ids.join(",") : "";
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    setState((current) => ({ ...current, status: "loading" }));
    fetch(`${VEHICLE_SUMMARIES_PATH}?ids=${key}`, { signal: controller.signal, headers: { accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => {
        const cars = readSummaries(body);
        setState(cars ? { status: "data", cars, asked: key.split(",").map(Number) } : { status: "error", cars: [], asked: [] });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("[mf-vehicle] saved cars", error);
        setState({ status: "error", cars: [], asked: [] });
      });
    return () => controller.abort();
  }, [key]);
  const cars = ids.flatMap((id) => state.cars.find((car) => car.id === id) ?? []);
  if (state.status === "error") return { status: "error", cars };
  return { status: missing.length ? "loading" : "data", cars };
}
