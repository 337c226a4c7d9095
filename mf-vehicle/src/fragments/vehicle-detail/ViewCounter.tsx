import { recordViewedCarAtom } from "@dealer/shared/atoms";
import { formatNumber } from "@dealer/shared/rules";
import { useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import { CountUp } from "../../components/CountUp";
import type { VehicleInteractiveProps } from "./props";

/** The view count animates over 1 s (spec §9). */
export const VIEW_COUNTER_ANIMATION_MS = 1000;

const viewsText = (views: number) => `${formatNumber(views)} views`;

/**
 * Counts this view (view.json) and keeps the viewed-car record on the device for Recently viewed. The line keeps its
 * height while the count loads; a failed call leaves it empty (the count is a nicety) and a storage error is only logged.
 */
export function ViewCounter({ views }: { views: VehicleInteractiveProps["views"] }) {
  const [count, setCount] = useState<number | null>(null);
  const recordViewedCar = useSetAtom(recordViewedCarAtom);
  useEffect(() => {
    recordViewedCar(views.record);
    const controller = new AbortController();
    fetch(views.path, { signal: controller.signal, headers: { accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => {
        const counted = body && typeof body === "object" ? (body as { views?: unknown }).views : null;
        if (typeof counted === "number" && Number.isFinite(counted)) setCount(counted);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn("[mf-vehicle] view counter", error);
      });
    return () => controller.abort();
  }, [views, recordViewedCar]);
  return (
    <p className="vehicle-detail__views" data-testid="view-counter">
      {count !== null && <CountUp value={count} durationMs={VIEW_COUNTER_ANIMATION_MS} format={viewsText} />}
    </p>
  );
}
