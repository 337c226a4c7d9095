import type { SiteConfig } from "../config/site-config";
import { type ParseResult, parseWithFieldErrors } from "../contract/parse";
import { deepFreeze } from "./per-request";
import { type FragmentRequest, fragmentRequestSchema } from "./index";

const requestWithoutConfigSchema = fragmentRequestSchema.omit({ config: true });

/** A few tenants' configs per isolate; a changed config is new text, so it is parsed (and checked) anew. */
const MAX_CONFIGS = 32;
const configsByText = new Map<string, SiteConfig>();

function remember(text: string, config: SiteConfig): void {
  configsByText.set(text, deepFreeze(config));
  if (configsByText.size > MAX_CONFIGS) configsByText.delete(configsByText.keys().next().value as string);
}

/**
 * A fragment request parsed at the remote's boundary. Every slot of a page carries the same site config (a
 * car page sends eleven), and validating it was most of a request's parse: a config already parsed in this
 * isolate is found by its exact JSON text and shared (frozen, so no loader can change it for another request);
 * the rest of the request is parsed every time.
 */
export function parseFragmentRequest(raw: unknown): ParseResult<FragmentRequest> {
  const config = typeof raw === "object" && raw !== null && "config" in raw ? raw.config : undefined;
  const text = config === undefined ? undefined : JSON.stringify(config);
  const known = text === undefined ? undefined : configsByText.get(text);
  if (known) {
    const rest = parseWithFieldErrors(requestWithoutConfigSchema, raw);
    return rest.ok ? { ok: true, data: { ...rest.data, config: known } } : rest;
  }
  const parsed = parseWithFieldErrors(fragmentRequestSchema, raw);
  if (parsed.ok && text !== undefined) remember(text, parsed.data.config);
  return parsed;
}
