import type { Context } from "hono";
import { afterAnswer, siteFromHost } from "../http";
import type { KeyScope } from "./key-format";
import { type KeyGrant, verifySiteKey } from "./key-store";

/**
 * The grant of a request's `Authorization: Bearer` key on the site its host serves (verifySiteKey, ADR 0057), or null.
 * A Worker's own call through a service binding names the site in its URL (slugHost) and sends no Host header.
 */
export async function requestKey(c: Context, scopes: KeyScope[]): Promise<KeyGrant | null> {
  const key = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  const site = await siteFromHost(c.env.DB, host);
  return verifySiteKey(c.env.DB, key, scopes, { site: site?.slug ?? null, host, path: c.req.path }, afterAnswer(c));
}
