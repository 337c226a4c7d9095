import { describe, expect, it } from "vitest";
import { countInsight, type InsightEvent, shownCarsFrom, tallyInsightEvents } from "./index";

const event = (kind: InsightEvent["kind"], cars: number[], site = "harbour", day = "2026-11-28"): InsightEvent => ({ site, kind, day, cars });

describe("insight events", () => {
  it("add up per site, car and day; a car twice on one page counts once; refresh asks gathered per site", () => {
    const { counts, refresh, refused } = tallyInsightEvents([
      event("view", [1]),
      event("view", [1]),
      event("search", [1, 2, 2]),
      event("view", [1], "summit"),
      event("view", [1], "harbour", "2026-11-29"),
      { site: "harbour", kind: "view", day: "2026-11-28", cars: [] },
      "not an event",
      { refresh: "summit" },
      { refresh: "summit" },
      { refresh: "" },
    ]);
    // A view's ask for a site's refresh (ADR 0111) is no event and no refusal; an empty site is refused.
    expect(refresh).toEqual(["summit"]);
    expect(refused).toBe(3);
    expect(counts).toEqual([
      { site: "harbour", car: 1, day: "2026-11-28", views: 2, searches: 1 },
      { site: "harbour", car: 2, day: "2026-11-28", views: 0, searches: 1 },
      { site: "summit", car: 1, day: "2026-11-28", views: 1, searches: 0 },
      { site: "harbour", car: 1, day: "2026-11-29", views: 1, searches: 0 },
    ]);
  });

  it("never fail or block the page: a failed or throwing send is only logged", async () => {
    const waited: Promise<unknown>[] = [];
    const waitUntil = (promise: Promise<unknown>) => waited.push(promise);
    countInsight({ send: () => Promise.reject(new Error("queue down")) }, event("view", [1]), waitUntil);
    countInsight(
      {
        send: () => {
          throw new Error("no queue");
        },
      },
      event("view", [1]),
      waitUntil,
    );
    countInsight(undefined, event("view", [1]), waitUntil);
    // Each send is started after the answer (ADR 0128), so a throwing one fails in its waitUntil promise, logged there.
    await expect(Promise.all(waited)).resolves.toEqual([undefined, undefined]);
    // No execution context to wait on (Hono's getter throws): the page still answers.
    const noContext = () => {
      throw new Error("This context has no ExecutionContext");
    };
    expect(() => countInsight({ send: async () => undefined }, event("view", [1]), noContext)).not.toThrow();
  });

  it("sends nothing for a page without cars", () => {
    const sent: InsightEvent[] = [];
    countInsight({ send: async (message) => sent.push(message) }, event("search", []), () => {});
    expect(sent).toEqual([]);
  });
});

describe("shown cars header", () => {
  it("reads positive ids only", () => {
    expect(shownCarsFrom("1,22,x,-3,0,4.5,333")).toEqual([1, 22, 333]);
    expect(shownCarsFrom(null)).toEqual([]);
    expect(shownCarsFrom(Array.from({ length: 300 }, (_, i) => i + 1).join(","))).toHaveLength(200);
  });
});
