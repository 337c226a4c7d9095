import type { SiteConfig } from "@dealer/shared/config";
import { buildEnquiryFormSchema, CHAT_MESSAGE_MAX, chatMessageSchema, LEAD_TEXT_MAX, leadText, parseWithFieldErrors, requiredText } from "@dealer/shared/contract";
import { bodyLimit, CROSS_SITE_MESSAGE, type HostSite, requestSite, siteFromHost } from "@dealer/shared/http";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { queueUnqueuedLead } from "../delivery/queue";
import type { Env } from "../env";
import { INVALID_LEAD, LEAD_STORE_FAILED, leadBodyFormat, RATE_LIMITED, siteUrl, UNSUPPORTED_BODY } from "../leads/guard";
import type { Dealer } from "../leads/dealer";
import { parseRateLimit, rateLimited } from "../leads/rate-limit";
import { buildLeadRecord, loadSiteFacts, placeLead } from "../leads/record";
import { PRIVACY_NOTICE, requestHash, storeLead } from "../leads/store";
import { storedRecordOf } from "../leads/stored-record";
import { notifyShopperOfReply } from "./notify";
import { addDealerReply, addShopperMessage, type ChatConversation, type ChatMessageRow, chatCookie, conversationFromCookie, messagesOf, noteNotified, openConversation } from "./store";

export const CHAT_PATH = "/api/leads/chat";
/** The category a chat lead carries in the inbox, the dealer's e-mail and every CRM format. */
export const CHAT_CATEGORY = "Chat";
export const NO_CHAT = "There is no chat here yet: start one from a car's page.";
export const CHAT_OFF = "This site does not offer chat.";
export const CHAT_FULL = "This chat is full. Please call or e-mail the dealership.";
const CHAT_BODY_MAX_BYTES = 16 * 1024;

const chatText = requiredText("Please enter a message.", CHAT_MESSAGE_MAX);

/**
 * Opening a chat: the shopper's details and consent exactly as a lead form takes them (the site's own terms and
 * opt-in rules), the car, and the first message.
 */
export function openChatSchema(forms: SiteConfig["forms"]) {
  return z.object({
    car_id: z.number({ error: "Choose a car to chat about." }).int().positive(),
    values: buildEnquiryFormSchema(forms).pick({ name: true, last_name: true, email: true, phone: true, opt_in: true, terms_conditions: true, PreferredContactMethod: true }),
    message: chatText,
    page_url: leadText(LEAD_TEXT_MAX.url).optional(),
    /** The honeypot lead forms carry: people never fill it. */
    website: z.string().max(200).optional(),
  });
}
const readQuerySchema = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) });

type ChatContext = Context<{ Bindings: Env }>;
type Refusal = { status: 400 | 403 | 404 | 409 | 415 | 429 | 503; message: string; fieldErrors?: Record<string, string[]>; retryAfter?: number };

/** What the shopper sees of a message: who (the dealership, never a staff member's address), what and when. */
const shopperView = (conversation: Pick<ChatConversation, "dealershipName">) => (row: ChatMessageRow) => ({
  id: row.id,
  from: row.author,
  name: row.author === "dealer" ? conversation.dealershipName : "You",
  body: row.body,
  at: row.created_at,
});

/** The checks every shopper call shares: a live site with chat, a same-site JSON request, the lead API's rate limit. */
async function shopperRequest(c: ChatContext, counts: boolean): Promise<{ site: HostSite } | Refusal> {
  const site = await siteFromHost(c.env.DB, c.req.header("host"));
  if (!site) return { status: 404, message: "Unknown site" };
  if (!site.config.features.instantMessage) return { status: 404, message: CHAT_OFF };
  // The gateway refuses a post that is not the site's own (ADR 0057); a conversation is not read cross-site either.
  if (requestSite(c.req.raw.headers) === "cross-site") return { status: 403, message: CROSS_SITE_MESSAGE };
  if (!counts) return { site };
  if (leadBodyFormat(c.req.header("content-type")) !== "json") return { status: 415, message: UNSUPPORTED_BODY };
  // The same window as the lead forms: chatting and enquiring count together per client and site.
  const wait = await rateLimited(c.env.DB, `${site.slug}|${c.req.header("cf-connecting-ip") ?? "unknown"}`, parseRateLimit(c.env.LEAD_RATE_LIMIT), Date.now());
  if (wait !== null) return { status: 429, message: RATE_LIMITED, retryAfter: wait };
  return { site };
}

const refuse = (c: ChatContext, refusal: Refusal) =>
  c.json({ message: refusal.message, ...(refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {}) }, refusal.status, refusal.retryAfter ? { "retry-after": String(refusal.retryAfter) } : {});

async function jsonBody(c: ChatContext): Promise<{ ok: true; raw: string; body: unknown } | Refusal> {
  const raw = await c.req.text();
  try {
    return { ok: true, raw, body: JSON.parse(raw) };
  } catch {
    return { status: 400, message: INVALID_LEAD, fieldErrors: { "(root)": ["The body is not valid JSON."] } };
  }
}

/** A new conversation: stored as a lead of kind chat (delivered and receipted like any lead), its first message, the cookie. */
async function openChat(c: ChatContext, site: HostSite): Promise<Response> {
  const read = await jsonBody(c);
  if (!("ok" in read)) return refuse(c, read);
  if (typeof (read.body as { website?: unknown } | null)?.website === "string" && (read.body as { website: string }).website.trim() !== "") return refuse(c, { status: 400, message: INVALID_LEAD });
  const parsed = parseWithFieldErrors(openChatSchema(site.config.forms), read.body);
  if (!parsed.ok) return refuse(c, { status: 400, message: INVALID_LEAD, fieldErrors: parsed.fieldErrors });
  const { car_id: carId, values, message } = parsed.data;
  const url = siteUrl(c.req.url, c.req.raw.headers);
  const facts = await loadSiteFacts(c.env.DB, { slug: site.slug, url, slotMinutes: site.config.forms.testDriveSlotMinutes }, carId);
  const lead = {
    kind: "chat" as const,
    form: "chat",
    values: { ...values, message, category: CHAT_CATEGORY },
    userData: { url: parsed.data.page_url ?? url, user_agent: (c.req.header("user-agent") ?? "").slice(0, LEAD_TEXT_MAX.url), car_id: carId },
  };
  // The car (and so the dealership that answers) is one of this site's, or the chat is refused naming it.
  const placed = placeLead(lead, facts);
  if (!placed.ok) return refuse(c, { status: 400, message: INVALID_LEAD, fieldErrors: placed.fieldErrors });
  const now = new Date();
  const consent = { opt_in: values.opt_in, recorded_at: now.toISOString(), privacy_notice: PRIVACY_NOTICE };
  const record = buildLeadRecord(lead, placed.place, facts, { createdAt: now, consent });
  const stored = await storeLead(c.env.DB, {
    site: site.slug,
    kind: "chat",
    carId,
    dealershipId: placed.place.dealership.id,
    locationId: placed.place.location?.id ?? null,
    email: values.email,
    phone: values.phone,
    data: JSON.stringify({ ...lead, consent, record }),
    idempotencyKey: null,
    requestHash: await requestHash(read.raw),
    booking: null,
    now,
  });
  if ("bookingTaken" in stored) throw new Error("a chat lead has no booking");
  const token = await openConversation(c.env.DB, site.slug, stored.leadId, message, now);
  await queueUnqueuedLead(c.env, stored.leadId, now);
  const conversation = { dealershipName: placed.place.dealership.name };
  const messages = (await messagesOf(c.env.DB, stored.leadId)).map(shopperView(conversation));
  return c.json({ lead_id: stored.leadId, dealership: conversation.dealershipName, dealership_id: placed.place.dealership.id, car_id: carId, messages }, 201, { "set-cookie": chatCookie(token), "cache-control": "no-store" });
}

/**
 * The shopper's side (ADR 0049), through the gateway's /api/leads forwarding: POST /api/leads/chat opens a
 * conversation, GET /api/leads/chat?after={id} reads it (the page polls; 204 when this browser has none), POST /api/leads/chat/messages adds to it.
 * Each reads only the conversation the browser's own cookie names on this site. 4xx with field errors for bad input.
 */
export function createChatApi() {
  const app = new Hono<{ Bindings: Env }>();
  const guarded = (handler: (c: ChatContext, site: HostSite) => Promise<Response>, counts: boolean) => async (c: ChatContext) => {
    try {
      const checked = await shopperRequest(c, counts);
      return "site" in checked ? await handler(c, checked.site) : refuse(c, checked);
    } catch (error) {
      console.error("[mf-forms] chat request failed", error);
      return refuse(c, { status: 503, message: LEAD_STORE_FAILED, retryAfter: 5 });
    }
  };

  app.post(CHAT_PATH, bodyLimit(CHAT_BODY_MAX_BYTES), guarded(openChat, true));

  app.get(
    CHAT_PATH,
    guarded(async (c, site) => {
      const conversation = await conversationFromCookie(c.env.DB, site.slug, c.req.header("cookie"));
      // No conversation for this browser is the usual answer before a first message, not an error.
      if (!conversation) return c.body(null, 204, { "cache-control": "no-store" });
      const query = parseWithFieldErrors(readQuerySchema, c.req.query());
      if (!query.ok) return refuse(c, { status: 400, message: "Invalid query", fieldErrors: query.fieldErrors });
      const messages = (await messagesOf(c.env.DB, conversation.leadId, query.data.after)).map(shopperView(conversation));
      return c.json({ lead_id: conversation.leadId, dealership: conversation.dealershipName, dealership_id: conversation.dealershipId, car_id: conversation.carId, messages }, 200, { "cache-control": "no-store" });
    }, false),
  );

  app.post(
    `${CHAT_PATH}/messages`,
    bodyLimit(CHAT_BODY_MAX_BYTES),
    guarded(async (c, site) => {
      const conversation = await conversationFromCookie(c.env.DB, site.slug, c.req.header("cookie"));
      if (!conversation) return refuse(c, { status: 404, message: NO_CHAT });
      const read = await jsonBody(c);
      if (!("ok" in read)) return refuse(c, read);
      const parsed = parseWithFieldErrors(chatMessageSchema, read.body);
      if (!parsed.ok) return refuse(c, { status: 400, message: INVALID_LEAD, fieldErrors: parsed.fieldErrors });
      const id = await addShopperMessage(c.env.DB, conversation.leadId, parsed.data.message, new Date());
      if (id === null) return refuse(c, { status: 409, message: CHAT_FULL, fieldErrors: { message: [CHAT_FULL] } });
      return c.json({ id }, 201);
    }, true),
  );

  return app;
}

/**
 * A dealer's reply (the inbox's form, or the dealer API with the dealership's key): stored and audited, then the
 * shopper is told by e-mail or SMS. Null: not a chat of this dealership.
 */
export async function replyToChat(env: Env, dealer: Dealer, leadId: number, message: string, author: { actor: string; name: string }): Promise<{ id: number; notified: string } | null> {
  const id = await addDealerReply(env.DB, dealer, leadId, message, author);
  if (id === null) return null;
  const row = await env.DB.prepare("SELECT id, site, kind, car_id, dealership_id, location_id, created_at, data FROM leads WHERE id = ?")
    .bind(leadId)
    .first<{ id: number; site: string; kind: string; car_id: number | null; dealership_id: number; location_id: number | null; created_at: string; data: string }>();
  if (!row) return { id, notified: "not notified (lead gone)" };
  const notified = await notifyShopperOfReply(env, await storedRecordOf(env.DB, row), { id, body: message });
  await noteNotified(env.DB, id, notified);
  return { id, notified };
}
