import type { Env } from "../env";
import { type AlgoliaClientFor, algoliaClient, searchBackendOf } from "./backend";
import { searchPushMessageSchema } from "@dealer/shared/search-backend";
import { pushSite, recordPushFailure } from "./push-site";

/** The queue a push goes to after its last try (wrangler.jsonc: max_retries of the push queue's consumer). */
export const SEARCH_PUSH_DEAD_LETTERS = "dealer-search-push-dlq";

/** Backoff between tries of a site's push: 10 s, 20 s, 40 s … at most 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 600);
}

type Message = { body: unknown; attempts: number; ack(): void; retry(options?: { delaySeconds?: number }): void };

/**
 * The push queue's consumer: a batch's messages are gathered by site and each site is pushed once, up to its stock as it
 * is now (so ten changes of a site in one batch cost one push). A failed site's messages are retried with backoff; the
 * other sites' are acknowledged. With the embedded engine there is nothing to push.
 */
export async function consumeSearchPushes(batch: { messages: readonly Message[] }, env: Env, clientFor: AlgoliaClientFor = algoliaClient): Promise<void> {
  const backend = searchBackendOf(env);
  const bySite = new Map<string, { messages: Message[]; resync: boolean }>();
  for (const message of batch.messages) {
    const parsed = searchPushMessageSchema.safeParse(message.body);
    if (!parsed.success || backend.kind !== "algolia") {
      if (!parsed.success) console.error("[mf-search] dropping a malformed search push message", message.body);
      message.ack();
      continue;
    }
    const entry = bySite.get(parsed.data.site) ?? { messages: [], resync: false };
    entry.messages.push(message);
    entry.resync ||= parsed.data.resync === true;
    bySite.set(parsed.data.site, entry);
  }
  if (backend.kind !== "algolia" || bySite.size === 0) return;
  const client = clientFor(backend, "write");
  for (const [site, { messages, resync }] of bySite) {
    try {
      const outcome = await pushSite(env.DB, client, backend.indexName, site, { resync });
      if (outcome.mode !== "none") console.log(`[mf-search] search push ${site}: ${outcome.mode} ${outcome.from} -> ${outcome.to}, ${outcome.upserted} upserted, ${outcome.deleted} deleted`);
      for (const message of messages) message.ack();
    } catch (error) {
      console.error(`[mf-search] search push ${site} failed (retried)`, error);
      await recordPushFailure(env.DB, site, error).catch(() => undefined);
      for (const message of messages) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** Pushes that failed every try: noted on the site for the operator; the scheduled reconciliation resyncs the site. */
export async function consumeDeadPushes(batch: { messages: readonly Message[] }, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const parsed = searchPushMessageSchema.safeParse(message.body);
    if (parsed.success) {
      console.error(`[mf-search] search push ${parsed.data.site} (version ${parsed.data.version}) gave up after its retries`);
      await recordPushFailure(env.DB, parsed.data.site, "dead-lettered after its retries; the reconciliation resyncs the site").catch(() => undefined);
    }
    message.ack();
  }
}
