import { countInsight, type InsightQueue, insightDay, shownCarsFrom } from "../../shared/src/insights";

/**
 * The counting code path alone, in workerd (bench only, bundled by scripts/bench/insights.ts): `/?n=N&path=view`
 * does what the gateway does for a car page N times (the event made, `countInsight` started, the send left to
 * waitUntil), `path=search` what a search page does (a 24-car shown-cars header read, then the same), `path=none`
 * the loop and nothing else. `&wait=1` awaits every send before answering (the queue's own time included).
 */
const SHOWN = Array.from({ length: 24 }, (_, i) => 100_000 + i).join(",");

export default {
  async fetch(request: Request, env: { INSIGHTS_QUEUE: InsightQueue }, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    const n = Math.min(100_000, Number(url.searchParams.get("n") ?? "1"));
    const path = url.searchParams.get("path") ?? "none";
    const sends: Promise<unknown>[] = [];
    const waitUntil = (promise: Promise<unknown>) => (url.searchParams.has("wait") ? sends.push(promise) : ctx.waitUntil(promise));
    let cars = 0;
    for (let i = 0; i < n; i++) {
      if (path === "view") countInsight(env.INSIGHTS_QUEUE, { site: "bench-site", kind: "view", day: insightDay(new Date()), cars: [1 + i] }, waitUntil);
      else if (path === "search") {
        const shown = shownCarsFrom(SHOWN);
        countInsight(env.INSIGHTS_QUEUE, { site: "bench-site", kind: "search", day: insightDay(new Date()), cars: shown }, waitUntil);
      } else cars += i;
    }
    await Promise.all(sends);
    return new Response(String(cars));
  },
};
