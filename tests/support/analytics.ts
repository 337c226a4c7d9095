import type { Page } from "playwright-core";

export type SentEvent = { kind: string; id?: number; data: Record<string, unknown> };

/**
 * The analytics events a page sends through @dealer/shared/analytics (the first-party beacon), as sent. Watched on the
 * context: a beacon leaves as its page does.
 */
export function watchBeaconEvents(page: Page): SentEvent[] {
  const events: SentEvent[] = [];
  page.context().on("request", (request) => {
    if (!request.url().endsWith("/api/vehicles/events") || request.method() !== "POST") return;
    events.push(...((JSON.parse(request.postData() ?? "{}") as { events?: SentEvent[] }).events ?? []));
  });
  return events;
}

/** The numbered events among them with this id. */
export const eventsWithId = (events: SentEvent[], id: number) => events.filter((event) => event.kind === "event" && event.id === id);
