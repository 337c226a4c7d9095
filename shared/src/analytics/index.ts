import type { AnalyticsBatch, AnalyticsEvent } from "../contract/vehicle-extras";

/** The first-party endpoint the gateway forwards to mf-vehicle (POST /api/vehicles/events). */
export const ANALYTICS_ENDPOINT = "/api/vehicles/events";
/** Events wait this long for company, then leave in one beacon (also when the page is hidden or left). */
export const ANALYTICS_FLUSH_MS = 1000;

const queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** Sends the queued events in one sendBeacon; the browser delivers it even as the page unloads. */
export function flushAnalytics(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!queue.length) return;
  const batch: AnalyticsBatch = { page: location.pathname, events: queue.splice(0) };
  try {
    // A string goes as text/plain: a simple request, and the endpoint parses the JSON whatever the type says.
    if (!navigator.sendBeacon(ANALYTICS_ENDPOINT, JSON.stringify(batch))) console.warn("[analytics] beacon refused");
  } catch (error) {
    console.warn("[analytics] beacon failed", error);
  }
}

type TagManagerWindow = Window & { dataLayer?: unknown[] };

/**
 * Queues an analytics event for the first-party beacon and hands a numbered event to the page's tag manager
 * (dataLayer) as well: every remote's events take this one path (ADR 0048). Never throws and never waits: analytics
 * failures are logged as warnings and ignored (spec §7), and nothing on the page waits for them. Zod stays on the
 * server, which validates.
 */
export function track(event: AnalyticsEvent): void {
  try {
    queue.push(event);
    if (event.kind === "event") ((window as TagManagerWindow).dataLayer ??= []).push({ event: "dealer_event", eventId: event.id, ...event.data });
    if (!listening) {
      listening = true;
      addEventListener("pagehide", flushAnalytics);
      addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flushAnalytics());
    }
    timer ??= setTimeout(flushAnalytics, ANALYTICS_FLUSH_MS);
  } catch (error) {
    console.warn("[analytics] event dropped", error);
  }
}

/** Clicks on any element marked data-analytics-event="{id}" inside `root` (server-only markup included). */
export function trackMarkedClicks(root: HTMLElement, data: Record<string, string | number>): () => void {
  const onClick = (event: MouseEvent) => {
    const marked = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-analytics-event]") : null;
    const id = Number(marked?.dataset.analyticsEvent);
    if (id) track({ kind: "event", id, data });
  };
  root.addEventListener("click", onClick);
  return () => root.removeEventListener("click", onClick);
}
