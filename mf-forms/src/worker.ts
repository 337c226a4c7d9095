import { cronOnDemand } from "@dealer/shared/dev-faults";
import { createFragmentWorker } from "@dealer/shared/fragment-server";
import { consumeDeadLetters, consumeLeads } from "./delivery/deliver";
import { sweepPendingLeads } from "./delivery/queue";
import { createAlertApi, sendWatchAlerts } from "./accounts/alerts";
import { createAuthApi } from "./accounts/auth-api";
import { createEmailApi } from "./accounts/email-api";
import { pruneSignIns } from "./accounts/codes";
import { createWatchlistApi } from "./accounts/watchlist-api";
import type { Env, LeadMessage } from "./env";
import { garageFragment } from "./fragments/garage/load.server";
import { signInFragment } from "./fragments/sign-in/load.server";
import { unsubscribeFragment } from "./fragments/unsubscribe/load.server";
import { enquiryFormFragment } from "./fragments/enquiry-form/load.server";
import { createLeadApi } from "./lead-api/api";
import { createChatApi } from "./chat/api";
import { instantChatFragment } from "./fragments/instant-chat/load.server";
import { createDealerLeadApi } from "./lead-api/dealer-api";
import { createMiscellaneousApi } from "./leads/miscellaneous";
import { createStaffInvitationApi } from "./staff/invite";
import { createStaffSignInApi } from "./staff/sign-in-api";
import { createSlotApi } from "./leads/slots";
import { createBookingPage } from "./receipts/booking-page";
import { pruneRateLimits } from "./leads/rate-limit";
import { checkoutFragment } from "./fragments/checkout/load.server";
import { createReservationApi } from "./reservations/api";
import { releaseExpiredHolds } from "./reservations/confirm";
import { createTestProcessor } from "./reservations/payments/test-processor";
import { createOnlinePaymentApi } from "./promotions/online-payment-api";
import { createSpinApi } from "./promotions/spin-api";
import { onlinePaymentFragment } from "./fragments/online-payment/load.server";
import { spinToWinFragment } from "./fragments/spin-to-win/load.server";

/** The dead-letter queue's name in wrangler.jsonc: its messages are leads the delivery gave up on. */
const DEAD_LETTER_QUEUE = "dealer-leads-dlq";

const app = createFragmentWorker<Env>({
  remote: "mf-forms",
  fragments: { EnquiryForm: enquiryFormFragment, SignIn: signInFragment, Garage: garageFragment, Unsubscribe: unsubscribeFragment, Checkout: checkoutFragment, OnlinePayment: onlinePaymentFragment, SpinToWin: spinToWinFragment, InstantChat: instantChatFragment },
});
app.get("/__scheduled", (c) => cronOnDemand(c.env, c.req.query("cron") ?? "", everyMinute));
app.route("/", createChatApi());
app.route("/", createLeadApi());
app.route("/", createDealerLeadApi());
app.route("/", createSlotApi());
app.route("/", createAuthApi());
app.route("/", createWatchlistApi());
app.route("/", createReservationApi());
app.route("/", createOnlinePaymentApi());
app.route("/", createSpinApi());
// The local card processor's hosted page (wrangler dev); a dealer that names Stripe has its shoppers pay on Stripe's.
app.route("/", createTestProcessor());
app.route("/", createAlertApi());
app.route("/", createEmailApi());
app.route("/", createMiscellaneousApi());
app.route("/", createStaffSignInApi());
app.route("/", createStaffInvitationApi());
app.route("/", createBookingPage());

export default {
  fetch: app.fetch,
  /** Lead delivery (and its dead letters): see delivery/deliver.ts. */
  async queue(batch: MessageBatch<LeadMessage>, env: Env) {
    if (batch.queue === DEAD_LETTER_QUEUE) await consumeDeadLetters(batch, env);
    else await consumeLeads(batch, env);
  },
  scheduled: (controller: ScheduledController, env: Env) => everyMinute(controller.cron, env),
};

/** Cron: leads stored but never queued are queued again; old rate-limit windows, codes and sessions go; reservation holds past 48 hours are released; watch alerts are sent. */
async function everyMinute(_cron: string, env: Env): Promise<void> {
  await sweepPendingLeads(env);
  await pruneRateLimits(env.DB, Date.now());
  await pruneSignIns(env.DB, Date.now());
  await releaseExpiredHolds(env);
  await sendWatchAlerts(env);
}
