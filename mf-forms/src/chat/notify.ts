import { normaliseMobile } from "@dealer/shared/rules";
import { canMailShoppers, emailSender } from "../accounts/email";
import { smsSender } from "../accounts/sms";
import { mailHtml, mailText } from "../lead-formats/formats";
import type { LeadSection } from "../lead-formats/lead-words";
import type { Env } from "../env";
import type { StoredRecord } from "../leads/record";
import { receiptChannels } from "../receipts/receipt";
import { mailConfigOf } from "../receipts/send";

/** Where the shopper carries on the conversation: the car's page (the chat's sidebar), else the page it began on. */
const chatPage = (record: StoredRecord) => record.vehicle?.url ?? record.source.page_url;

/**
 * Tells the shopper the dealer replied, through the same channels and providers as their lead's receipt (ADR 0037):
 * e-mail where the site can mail shoppers, a text when they chose SMS and gave a mobile. Returns what went
 * ('email, sms') or what failed; the reply itself is stored either way and shows on the page.
 */
export async function notifyShopperOfReply(env: Env, record: StoredRecord, reply: { id: number; body: string }): Promise<string> {
  const mailConfig = await mailConfigOf(env, record.site.slug);
  const channels = receiptChannels(record, canMailShoppers(env, mailConfig));
  const page = chatPage(record);
  const who = record.dealership.name;
  const outcomes: string[] = [];
  if (channels.email) {
    const subject = `${who} replied to your chat`;
    const intro = [`Hi ${record.customer.first_name},`, `${who} replied to your chat${record.vehicle ? ` about the ${record.vehicle.title}` : ""}.`];
    const sections: LeadSection[] = [
      { title: "Their reply", rows: [{ label: who, value: reply.body }] },
      { title: "Carry on the chat", rows: [{ label: "On the page", value: page, href: page }] },
    ];
    try {
      await emailSender(env, mailConfig)({
        site: record.site.slug,
        to: record.customer.email,
        subject,
        body: mailText(sections, intro),
        html: mailHtml(subject, sections, null, intro),
        idempotencyKey: `chat-reply-${record.site.slug}-${reply.id}`,
      });
      outcomes.push("email");
    } catch (error) {
      outcomes.push(`email failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (channels.sms) {
    try {
      await smsSender(env)({ site: record.site.slug, to: normaliseMobile(record.customer.phone) ?? record.customer.phone, body: `${who}: ${reply.body.slice(0, 300)} Reply on ${page}` });
      outcomes.push("sms");
    } catch (error) {
      outcomes.push(`sms failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return outcomes.join(", ") || "not notified (no channel)";
}
