import { z } from "zod";
import { isLocalDev } from "../fragment/dev-faults";

/**
 * A site's secret slots (ADR 0056): the provider secrets a site's settings may use (a mail provider's API key,
 * a card processor's keys, a Places key) are values the operator stores under a slot name of that site, sealed
 * with the platform key. Settings name a slot, never a value and never a Worker env variable, and a slot is read
 * only for the site whose settings name it: no setting reaches another site's secret or a platform secret.
 */

export { SECRET_SLOT_MESSAGE, secretSlotSchema } from "./slot-name";

/** A secret's value: a provider key or signing secret (printable ASCII, as every provider issues them). */
export const SECRET_VALUE_MAX = 4096;
export const secretValueSchema = z
  .string()
  .min(1, "The secret is empty.")
  .max(SECRET_VALUE_MAX, `A secret is at most ${SECRET_VALUE_MAX} characters.`)
  .regex(/^[\x21-\x7e]*$/, "A secret is printable ASCII without spaces (as provider keys are).");

/** Why a slot could not be read, in words for the log and the dealer's console (never the value). */
export class SecretUnavailable extends Error {}

/** The Workers that seal or open secrets hold the platform key; wrangler dev runs on a development key. */
export type SecretsEnv = { SITE_SECRETS_KEY?: string; LOCAL_DEV?: string };
const DEVELOPMENT_KEY = "development-only-site-secrets-key";

function platformKeyText(env: SecretsEnv): string {
  if (env.SITE_SECRETS_KEY) return env.SITE_SECRETS_KEY;
  if (isLocalDev(env)) return DEVELOPMENT_KEY;
  throw new SecretUnavailable("SITE_SECRETS_KEY is not set: the platform cannot seal or open site secrets");
}

/** AES-256-GCM key from the platform key (any high-entropy text; its SHA-256 is the AES key). */
async function aesKey(env: SecretsEnv): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(platformKeyText(env)));
  return crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** The slot's own name is authenticated with its value: a sealed value copied to another site or slot does not open. */
const slotLabel = (site: string, slot: string) => new TextEncoder().encode(`site-secret|${site}|${slot}`);

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export type SealedSecret = { iv: string; ciphertext: string };

export async function sealSecret(env: SecretsEnv, site: string, slot: string, value: string): Promise<SealedSecret> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: slotLabel(site, slot) }, await aesKey(env), new TextEncoder().encode(value));
  return { iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(sealed)) };
}

export async function openSecret(env: SecretsEnv, site: string, slot: string, sealed: SealedSecret): Promise<string> {
  try {
    const opened = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(sealed.iv), additionalData: slotLabel(site, slot) }, await aesKey(env), fromBase64(sealed.ciphertext));
    return new TextDecoder().decode(opened);
  } catch {
    throw new SecretUnavailable(`the secret slot ${slot} does not open with this platform key (set it again: npm run site -- secret ${site} ${slot})`);
  }
}

/** One site's secrets, as a provider adapter is handed them: it can read that site's slots and no others. */
export type SiteSecrets = { site: string; read(slot: string | null): Promise<string> };

export function siteSecrets(env: SecretsEnv & { DB: D1Database }, site: string): SiteSecrets {
  return {
    site,
    async read(slot) {
      if (!slot) throw new SecretUnavailable("the setting names no secret slot");
      const row = await env.DB.prepare("SELECT iv, ciphertext FROM site_secrets WHERE site = ? AND name = ?").bind(site, slot).first<SealedSecret>();
      if (!row) throw new SecretUnavailable(`the secret slot ${slot} of ${site} is not set (npm run site -- secret ${site} ${slot})`);
      return openSecret(env, site, slot, row);
    },
  };
}

export type SecretSlotInfo = { name: string; updatedAt: string; updatedBy: string };

export async function listSecretSlots(db: D1Database, site: string): Promise<SecretSlotInfo[]> {
  const { results } = await db
    .prepare("SELECT name, updated_at AS updatedAt, updated_by AS updatedBy FROM site_secrets WHERE site = ? ORDER BY name")
    .bind(site)
    .all<SecretSlotInfo>();
  return results;
}

export async function storeSecretStatement(env: SecretsEnv & { DB: D1Database }, input: { site: string; slot: string; value: string; actor: string; now: Date }): Promise<D1PreparedStatement> {
  const sealed = await sealSecret(env, input.site, input.slot, input.value);
  return env.DB.prepare(
    `INSERT INTO site_secrets (site, name, iv, ciphertext, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (site, name) DO UPDATE SET iv = excluded.iv, ciphertext = excluded.ciphertext, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  ).bind(input.site, input.slot, sealed.iv, sealed.ciphertext, input.now.toISOString(), input.actor);
}
