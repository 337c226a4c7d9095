import { cronOnDemand } from "@dealer/shared/dev-faults";
import { createFragmentWorker } from "@dealer/shared/fragment-server";
import { recordInsightCounts, tallyInsightEvents } from "@dealer/shared/insights";
import { createAuditPage } from "./audit-page";
import { createConfigPages } from "./config-page";
import type { Env } from "./env";
import { createDealerInbox } from "./inbox";
import { createInsightsPage } from "./insights-page";
import { refreshInsights, sitesBehind } from "./insights-refresh";
import { withSiteTheme } from "./site-theme";
import { createStaffPages } from "./staff-pages";
import { createStockPages } from "./stock-pages";

/**
 * The dealer console (ADR 0069): its pages at /dealer/*, which the gateway forwards here, and its client build
 * (the console's stylesheet and its one exposed module) at /_mf/mf-dealer/{buildId}/. It renders no slots.
 */
const app = createFragmentWorker<Env>({ remote: "mf-dealer", fragments: {} });
app.get("/__scheduled", (c) => cronOnDemand(c.env, c.req.query("cron") ?? "", hourlyRefresh));
app.use("/dealer", withSiteTheme);
app.use("/dealer/*", withSiteTheme);
app.route("/", createStaffPages());
app.route("/", createDealerInbox());
app.route("/", createConfigPages());
app.route("/", createAuditPage());
app.route("/", createInsightsPage());
app.route("/", createStockPages());

/**
 * How long one queue invocation refreshes insights before handing the rest back to the queue (ADR 0111), half of it
 * pauses between its short batches (ADR 0115: the queue's batch timeout between invocations would otherwise be most of
 * a catch-up); and the cron's.
 */
const REFRESH_STEP_MS = 3000;
const CRON_REFRESH_MS = 60_000;

/** The sites a refresh left behind, back on the queue as refresh messages (ADR 0111). */
async function requeue(env: Env, sites: readonly string[]): Promise<void> {
  if (sites.length && env.INSIGHTS_QUEUE) await env.INSIGHTS_QUEUE.sendBatch(sites.map((site) => ({ body: { refresh: site } })));
}

export default {
  fetch: app.fetch,
  /**
   * The insights queue (ADR 0070): a batch's views and search appearances added up per car and day, one D1 batch; then
   * the market and the period counts of its sites and of those a view asked for brought up to date (ADR 0111).
   */
  async queue(batch: MessageBatch<unknown>, env: Env) {
    const { counts, refresh, refused } = tallyInsightEvents(batch.messages.map((message) => message.body));
    if (refused) console.warn(`[insights] ${refused} message(s) that are no event left out`);
    await recordInsightCounts(env.DB, counts);
    // A short step of the refresh per invocation; what is left goes back on the queue as the sites' refresh asks.
    await requeue(env, await refreshInsights(env.DB, [...new Set([...refresh, ...counts.map((count) => count.site)])], new Date(), REFRESH_STEP_MS));
  },
  scheduled: (controller: ScheduledController, env: Env) => hourlyRefresh(controller.cron, env),
};

/** Hourly: every site's period counts to the new day (the first view of a day reads them there) and any market left. */
async function hourlyRefresh(_cron: string, env: Env): Promise<void> {
  const now = new Date();
  await requeue(env, await refreshInsights(env.DB, await sitesBehind(env.DB, now), now, CRON_REFRESH_MS));
}
