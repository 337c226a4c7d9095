import { auditStatement } from "@dealer/shared/audit";
import { isSessionToken, newSessionToken, readCookie, sha256Hex } from "@dealer/shared/http";
import type { Dealer } from "../leads/dealer";

/**
 * The shopper's key to their conversation (ADR 0049): a random token in a `__Host-` cookie (this host only,
 * HttpOnly, so no script and no other site reads it), only its SHA-256 in D1, like the shopper's session.
 */
export const CHAT_COOKIE = "__Host-chat";
const CHAT_COOKIE_SECONDS = 30 * 24 * 60 * 60;
export const chatCookie = (token: string) => `${CHAT_COOKIE}=${token}; Path=/; Max-Age=${CHAT_COOKIE_SECONDS}; Secure; HttpOnly; SameSite=Strict`;

/** A conversation holds at most this many messages; past it the shopper is asked to call or write. */
export const CHAT_MESSAGES_MAX = 200;

export type ChatAuthor = "shopper" | "dealer";
export type ChatMessageRow = { id: number; lead_id: number; author: ChatAuthor; author_name: string | null; body: string; created_at: string; notified: string | null };
/** The conversation a shopper's cookie names: its lead, and the dealership that answers it. */
export type ChatConversation = { leadId: number; site: string; dealershipId: number; dealershipName: string; carId: number | null };

const messageInsert = (db: D1Database, leadId: number, author: ChatAuthor, authorName: string | null, body: string, now: Date) =>
  db.prepare("INSERT INTO chat_messages (lead_id, author, author_name, body, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id").bind(leadId, author, authorName, body, now.toISOString());

/** The conversation for a stored chat lead with its first message; returns the token the shopper's cookie keeps. */
export async function openConversation(db: D1Database, site: string, leadId: number, firstMessage: string, now: Date): Promise<string> {
  const token = newSessionToken();
  await db.batch([
    db.prepare("INSERT INTO chat_conversations (lead_id, site, token_hash, created_at) VALUES (?, ?, ?, ?)").bind(leadId, site, await sha256Hex(token), now.toISOString()),
    messageInsert(db, leadId, "shopper", null, firstMessage, now),
  ]);
  return token;
}

/** The conversation the request's cookie names on this site, or null (no cookie, unknown, or another site's). */
export async function conversationFromCookie(db: D1Database, site: string, cookieHeader: string | undefined): Promise<ChatConversation | null> {
  const token = readCookie(cookieHeader, CHAT_COOKIE);
  if (!isSessionToken(token)) return null;
  return db
    .prepare(
      `SELECT c.lead_id AS leadId, c.site, l.dealership_id AS dealershipId, d.name AS dealershipName, l.car_id AS carId
         FROM chat_conversations c JOIN leads l ON l.id = c.lead_id JOIN dealerships d ON d.id = l.dealership_id
        WHERE c.token_hash = ?1 AND c.site = ?2 AND l.site = ?2`,
    )
    .bind(await sha256Hex(token), site)
    .first<ChatConversation>();
}

/** A conversation's messages after the one with id `after` (0: all), oldest first. */
export async function messagesOf(db: D1Database, leadId: number, after = 0): Promise<ChatMessageRow[]> {
  const { results } = await db.prepare("SELECT * FROM chat_messages WHERE lead_id = ? AND id > ? ORDER BY id LIMIT ?").bind(leadId, after, CHAT_MESSAGES_MAX).all<ChatMessageRow>();
  return results;
}

/** The shopper's next message; null when the conversation is full. */
export async function addShopperMessage(db: D1Database, leadId: number, body: string, now: Date): Promise<number | null> {
  // One statement: the count and the insert cannot be split by a parallel message.
  const row = await db
    .prepare(
      `INSERT INTO chat_messages (lead_id, author, author_name, body, created_at)
         SELECT ?1, 'shopper', NULL, ?2, ?3 WHERE (SELECT COUNT(*) FROM chat_messages WHERE lead_id = ?1) < ?4 RETURNING id`,
    )
    .bind(leadId, body, now.toISOString(), CHAT_MESSAGES_MAX)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/**
 * A dealer's reply to one of its own chat leads, audited in the same batch (like a lead's status change).
 * Null when the lead is not a chat of this dealership on this site: another dealership's conversation is no
 * conversation here.
 */
export async function addDealerReply(db: D1Database, dealer: Dealer, leadId: number, body: string, author: { actor: string; name: string }, now = new Date()): Promise<number | null> {
  const own = await db
    .prepare("SELECT 1 AS own FROM chat_conversations c JOIN leads l ON l.id = c.lead_id WHERE c.lead_id = ? AND l.site = ? AND l.dealership_id = ? AND l.kind = 'chat'")
    .bind(leadId, dealer.site, dealer.dealershipId)
    .first();
  if (!own) return null;
  const [inserted] = await db.batch([
    messageInsert(db, leadId, "dealer", author.name, body, now),
    auditStatement(db, { site: dealer.site, dealershipId: dealer.dealershipId, actor: author.actor, action: "chat.reply", subject: `lead ${leadId}`, detail: { characters: body.length } }, now),
  ]);
  const id = (inserted?.results[0] as { id: number } | undefined)?.id;
  if (id === undefined) throw new Error(`chat reply to lead ${leadId} stored no message`);
  return id;
}

/** How the shopper was told about a reply ('email', 'sms', or what failed), shown in the inbox beside it. */
export async function noteNotified(db: D1Database, messageId: number, notified: string): Promise<void> {
  await db.prepare("UPDATE chat_messages SET notified = ? WHERE id = ?").bind(notified.slice(0, 500), messageId).run();
}
