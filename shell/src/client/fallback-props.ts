import type { SlotMarker } from "@dealer/shared/fragment";
import { isRecord } from "./slot-marker";

/** URL of the props of a slot the server could not render (the gateway asks the remote). */
export function fallbackPropsUrl(marker: SlotMarker, location: Pick<Location, "pathname" | "search">): string {
  const query = new URLSearchParams({ slot: marker.slot, path: location.pathname + location.search });
  return `/_props/${marker.remote}/${marker.fragment}?${query}`;
}

export async function fetchFallbackProps(marker: SlotMarker): Promise<Record<string, unknown>> {
  const response = await fetch(fallbackPropsUrl(marker, window.location), { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`Props for ${marker.slot}: HTTP ${response.status}`);
  const props: unknown = await response.json();
  if (!isRecord(props)) throw new Error(`Props for ${marker.slot} are not an object`);
  return props;
}
