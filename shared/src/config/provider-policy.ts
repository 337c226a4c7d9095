import { isLocalDev } from "../fragment/dev-faults";
import type { SiteConfig } from "./site-config";

/**
 * Where a site's settings may make the platform call a provider (ADR 0056). A dealer admin picks the provider's
 * address from those the operator allows, per provider kind, never one of their own choosing: the platform sends
 * the site's key there. Today only shopper mail has a configurable address (payments go to Stripe, maps and
 * reviews to Google, at fixed addresses).
 */
export type ProviderPolicyEnv = { MAIL_PROVIDER_URLS?: string; LOCAL_DEV?: string };

/** The mail provider addresses allowed where the operator names none: Resend's send call (the shape the platform speaks). */
export const DEFAULT_MAIL_PROVIDER_URLS = ["https://api.resend.com/emails"];

/** The operator's list (MAIL_PROVIDER_URLS, comma-separated); an entry ending in / allows every address under it. */
export function allowedMailProviderUrls(env: ProviderPolicyEnv): string[] {
  const listed = (env.MAIL_PROVIDER_URLS ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  return listed.length ? listed : DEFAULT_MAIL_PROVIDER_URLS;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Why the platform will not send a site's mail to this address, or null when it may. */
export function mailProviderUrlProblem(raw: string, env: ProviderPolicyEnv): string | null {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  const allowed = allowedMailProviderUrls(env);
  if (url && allowed.some((entry) => (entry.endsWith("/") ? url.href.startsWith(entry) : url.href === entry))) return null;
  // A local session's own receivers (the tests' mail provider) listen on loopback.
  if (url && isLocalDev(env) && LOOPBACK.has(url.hostname)) return null;
  return `Choose one of the mail providers the platform allows: ${allowed.join(", ")}.`;
}

/** A setting the platform's policy refuses, by its path in the site config. */
export type PolicyProblem = { path: string; message: string };

/** What in a resolved configuration the platform's provider policy refuses (checked on every publish and site file). */
export function providerPolicyProblems(config: SiteConfig, env: ProviderPolicyEnv): PolicyProblem[] {
  const mailUrl = config.shopperEmail.url;
  const problem = mailUrl === null ? null : mailProviderUrlProblem(mailUrl, env);
  return problem ? [{ path: "shopperEmail.url", message: problem }] : [];
}

/** Every secret slot a configuration names, by the setting's path (the operator's list of slots to fill). */
export function namedSecretSlots(config: SiteConfig): { path: string; slot: string }[] {
  const processors = [["reserve.processor", config.reserve.processor] as const, ...Object.entries(config.reserve.dealershipProcessors).map(([slug, processor]) => [`reserve.dealershipProcessors.${slug}`, processor] as const)];
  const named: [string, string | null][] = [
    ["shopperEmail.apiKeySlot", config.shopperEmail.apiKeySlot],
    ...processors.flatMap(([path, processor]): [string, string | null][] => [
      [`${path}.secretKeySlot`, processor.secretKeySlot],
      [`${path}.webhookSecretSlot`, processor.webhookSecretSlot],
    ]),
    ["reviews.placesApiKeySlot", config.reviews.placesApiKeySlot],
  ];
  return named.flatMap(([path, slot]) => (slot ? [{ path, slot }] : []));
}
