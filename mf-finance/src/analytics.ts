/** The spec's analytics event for the finance calculator's first interaction. */
export const FINANCE_CALCULATOR_EVENT_ID = 26;

type AnalyticsWindow = Window & { dataLayer?: unknown[] };

/**
 * Records an analytics event: pushed to the page's dataLayer (the tag manager's queue) and announced as a
 * `dealer:analytics` DOM event. Analytics failures are logged and ignored (spec §8).
 */
export function trackEvent(eventId: number, data: Record<string, unknown> = {}): void {
  try {
    const target = window as AnalyticsWindow;
    const event = { event: "dealer_event", eventId, ...data };
    target.dataLayer = target.dataLayer ?? [];
    target.dataLayer.push(event);
    target.dispatchEvent(new CustomEvent("dealer:analytics", { detail: event }));
  } catch (error) {
    console.warn("[mf-finance] analytics failed", error);
  }
}
