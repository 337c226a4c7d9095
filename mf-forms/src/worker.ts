import { createFragmentWorker } from "@dealer/shared/fragment-server";
import { consumeDeadLetters, consumeLeads } from "./delivery/deliver";
import type { LeadMessage } from "./delivery/queue";
import { sweepPendingLeads } from "./delivery/queue";
import type { Env } from "./env";
import { enquiryFormFragment } from "./fragments/enquiry-form/load.server";
import { createLeadApi } from "./leads/api";
import { createDealerLeadApi } from "./leads/dealer-api";
import { createMiscellaneousApi } from "./leads/miscellaneous";
import { createDealerInbox } from "./dealer-inbox/inbox";
import { createSlotApi } from "./leads/slots";
import { pruneRateLimits } from "./leads/rate-limit";

/** The dead-letter queue's name in wrangler.jsonc: its messages are leads the delivery gave up on. */
const DEAD_LETTER_QUEUE = "dealer-leads-dlq";

const app = createFragmentWorker<Env>({ remote: "mf-forms", fragments: { EnquiryForm: enquiryFormFragment } });
app.route("/", createLeadApi());
app.route("/", createDealerLeadApi());
app.route("/", createSlotApi());
app.route("/", createMiscellaneousApi());
app.route("/", createDealerInbox());

export default {
  fetch: app.fetch,
  /** Lead delivery (and its dead letters): see delivery/deliver.ts. */
  async queue(batch: MessageBatch<LeadMessage>, env: Env) {
    if (batch.queue === DEAD_LETTER_QUEUE) await consumeDeadLetters(batch, env);
    else await consumeLeads(batch, env);
  },
  /** Cron: leads stored but never queued (a failed queue send) are queued again; old rate-limit windows go. */
  async scheduled(_controller: ScheduledController, env: Env) {
    await sweepPendingLeads(env);
    await pruneRateLimits(env.DB, Date.now());
  },
};
