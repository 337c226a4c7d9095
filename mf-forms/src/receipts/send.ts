import { resolveSiteConfig } from "@dealer/shared/config";
import type { LeadRecord } from "@dealer/shared/contract";
import { normaliseMobile } from "@dealer/shared/rules";
import { canMailShoppers, emailSender } from "../accounts/email";
import { smsSender } from "../accounts/sms";
import type { Env } from "../env";
import { bookingLink } from "./booking-link";
import { type ReceiptChannels, receiptChannels, receiptMail, receiptSms } from "./receipt";

export type ReceiptChannel = keyof ReceiptChannels;

/** The site's shopper-mail settings (its provider, ADR 0030). */
export async function mailConfigOf(env: Env, site: string) {
  const row = await env.DB.prepare("SELECT config FROM sites WHERE slug = ?").bind(site).first<{ config: string }>();
  return resolveSiteConfig(site, JSON.parse(row?.config ?? "{}") as Record<string, unknown>).shopperEmail;
}

/** Which receipts a lead's shopper gets (none for an online reservation: its payment page confirms it). */
export async function receiptsFor(env: Env, record: LeadRecord): Promise<ReceiptChannel[]> {
  if (record.kind === "reserve") return [];
  const channels = receiptChannels(record, canMailShoppers(env, await mailConfigOf(env, record.site.slug)));
  return (Object.keys(channels) as ReceiptChannel[]).filter((channel) => channels[channel]);
}

/** Sends one receipt; throws when the provider did not take it (the delivery is retried like a webhook). */
export async function sendReceipt(env: Env, record: LeadRecord, channel: ReceiptChannel, createdAt: string): Promise<void> {
  const link = record.appointment ? await bookingLink(env, record.site.url, record.lead_id, createdAt) : null;
  if (channel === "sms") {
    // The provider takes +61 numbers; receiptChannels only chooses SMS for a mobile.
    await smsSender(env)({ site: record.site.slug, to: normaliseMobile(record.customer.phone) ?? record.customer.phone, body: receiptSms(record, link) });
    return;
  }
  const mail = receiptMail(record, link, new Date());
  await emailSender(env, await mailConfigOf(env, record.site.slug))({
    site: record.site.slug,
    to: record.customer.email,
    ...mail,
    idempotencyKey: `receipt-${record.site.slug}-${record.lead_id}`,
  });
}
