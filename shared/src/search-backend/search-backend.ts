import { z } from "zod";

/**
 * Which engine answers the stock's searches (ADR 0035): the platform's embedded engine (the default, no account) or
 * an Algolia application. Read from a Worker's env (wrangler vars and secrets; locally `.dev.vars`) and from the
 * environment of the scripts that push to it (stock:sync). The same names everywhere:
 *   SEARCH_BACKEND       "embedded" (default) or "algolia"
 *   ALGOLIA_APP_ID       the application id
 *   ALGOLIA_HOSTS        optional, comma-separated base URLs (e.g. http://127.0.0.1:8830 for a stand-in); unset: Algolia's own hosts
 *   ALGOLIA_INDEX        the stock index (default Car_production); its sort replicas are named {index}:{attribute}:{asc|desc}
 *   ALGOLIA_SEARCH_KEY   secret: the parent search-only key the per-site secured keys are made from (never sent to a page)
 *   ALGOLIA_WRITE_KEY    secret: a key with addObject, deleteObject, browse and editSettings, for the push and stock:sync
 */
export type AlgoliaHost = { url: string; protocol: "http" | "https"; accept: "read" | "write" | "readWrite" };

export type SearchBackend =
  | { kind: "embedded" }
  | { kind: "algolia"; appId: string; hosts: AlgoliaHost[]; indexName: string; searchKey: string | null; writeKey: string | null };

const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalText = z.preprocess(blankAsUnset, z.string().trim().optional());

const hostUrlSchema = z
  .string()
  .trim()
  .transform((text, context) => {
    let url: URL | null = null;
    try {
      url = new URL(text);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.pathname !== "/" || url.search) {
      context.addIssue({ code: "custom", message: `"${text}" is not a base URL such as https://host or http://127.0.0.1:8830` });
      return z.NEVER;
    }
    return { url: url.host, protocol: url.protocol === "https:" ? "https" : "http", accept: "readWrite" } satisfies AlgoliaHost;
  });

export const searchBackendEnvSchema = z.object({
  SEARCH_BACKEND: z.preprocess(blankAsUnset, z.enum(["embedded", "algolia"]).default("embedded")),
  ALGOLIA_APP_ID: z.preprocess(blankAsUnset, z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "letters, digits, _ and - only").optional()),
  ALGOLIA_HOSTS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() ? value.split(",").filter((part) => part.trim()) : undefined),
    z.array(hostUrlSchema).optional(),
  ),
  ALGOLIA_INDEX: z.preprocess(blankAsUnset, z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, "letters, digits, _ . and - only").default("Car_production")),
  ALGOLIA_SEARCH_KEY: optionalText,
  ALGOLIA_WRITE_KEY: optionalText,
});

/** Algolia's own hosts for an application, as its clients use them: the DSN for reads, the main host for writes, three fallbacks. */
export function algoliaDefaultHosts(appId: string): AlgoliaHost[] {
  return [
    { url: `${appId}-dsn.algolia.net`, protocol: "https", accept: "read" },
    { url: `${appId}.algolia.net`, protocol: "https", accept: "write" },
    ...[1, 2, 3].map((n): AlgoliaHost => ({ url: `${appId}-${n}.algolianet.com`, protocol: "https", accept: "readWrite" })),
  ];
}

export class SearchBackendMisconfigured extends Error {
  override readonly name = "SearchBackendMisconfigured";
}

/** The backend an env names; a setting that is there but wrong is an error naming it, never a silent fallback. */
export function readSearchBackend(env: Record<string, unknown>): SearchBackend {
  const parsed = searchBackendEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SearchBackendMisconfigured(`Search backend setting ${issue.path.join(".")}: ${issue.message}`);
  }
  const settings = parsed.data;
  if (settings.SEARCH_BACKEND === "embedded") return { kind: "embedded" };
  if (!settings.ALGOLIA_APP_ID) throw new SearchBackendMisconfigured("SEARCH_BACKEND=algolia needs ALGOLIA_APP_ID");
  return {
    kind: "algolia",
    appId: settings.ALGOLIA_APP_ID,
    hosts: settings.ALGOLIA_HOSTS ?? algoliaDefaultHosts(settings.ALGOLIA_APP_ID),
    indexName: settings.ALGOLIA_INDEX,
    searchKey: settings.ALGOLIA_SEARCH_KEY ?? null,
    writeKey: settings.ALGOLIA_WRITE_KEY ?? null,
  };
}

/** The origins a page's script may call for search (the page's Content-Security-Policy connect-src adds them). */
export function searchConnectSources(backend: SearchBackend): string[] {
  if (backend.kind === "embedded") return [];
  return [...new Set(backend.hosts.filter((host) => host.accept !== "write").map((host) => `${host.protocol}://${host.url}`))];
}

/** Hosts the given use may talk to, for the algoliasearch clients' `hosts` option. */
export const hostsFor = (backend: Extract<SearchBackend, { kind: "algolia" }>, use: "read" | "write"): AlgoliaHost[] =>
  backend.hosts.filter((host) => host.accept === use || host.accept === "readWrite");

/** The filter that keeps a search inside one site, as a site's secured key embeds it: site:"{site}". */
export const siteFilter = (site: string): string => `site:"${site.replace(/["\\]/g, "\\$&")}"`;
