/**
 * The operator's command: a client of the operator API (edge/src/operator), so the command and the API are one code path.
 *   npm run site -- create FILE.yaml|FILE.json     a new site from a site file (examples/sites/); prints its keys once
 *   npm run site -- update FILE [--force]          the site's definition replaced by the file (keys untouched); the
 *                                                  dealer's settings published since the file's baseVersion are kept,
 *                                                  and a setting both changed is refused unless --force (ADR 0062)
 *   npm run site -- show SLUG | disable SLUG | enable SLUG
 *   npm run site -- delete SLUG [--export-to FILE] writes the site's export (NDJSON), then deletes its data
 *   npm run site -- templates
 *   npm run site -- keys SLUG | key SLUG --name NAME --scopes stock:write,leads:read [--dealership SLUG]
 *   npm run site -- rotate KEY_ID [--overlap SECONDS] | revoke KEY_ID
 *   npm run site -- secrets SLUG                   the site's secret slots (names only) and the slots its settings name
 *   npm run site -- secret SLUG NAME [--delete]    stores a secret slot's value, read from stdin (hidden on a terminal)
 * Options: --url (default http://localhost:$PLATFORM_PORT or 8787); the operator key from OPERATOR_KEY (the local
 * demo's key when the URL is localhost).
 */
import { createWriteStream, mkdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { DEMO_OPERATOR_KEY } from "../../db/demo/generate";
import { ROOT } from "../stack";

const USAGE =
  "Usage: npm run site -- create FILE | update FILE [--force] | show|disable|enable|delete|keys|secrets SLUG | key SLUG --name N --scopes S[,S] [--dealership D] | secret SLUG NAME [--delete] | rotate|revoke KEY_ID | templates";

/**
 * A secret's value from stdin, never from the command line (where shell history and `ps` would keep it): piped, the
 * first line; on a terminal, typed without echo.
 */
async function readSecretValue(prompt: string): Promise<string> {
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: process.stdin, output: process.stdin.isTTY ? silent : undefined, terminal: Boolean(process.stdin.isTTY) });
  if (process.stdin.isTTY) process.stderr.write(prompt);
  const value = process.stdin.isTTY ? await lines.question("") : ((await lines[Symbol.asyncIterator]().next()).value ?? "");
  lines.close();
  if (process.stdin.isTTY) process.stderr.write("\n");
  return String(value).trim();
}

/** A site file as JSON, from YAML or JSON (YAML is a superset; the API checks the content). */
export function readSiteFile(file: string): unknown {
  const text = readFileSync(file, "utf8");
  return file.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: "string", default: `http://localhost:${process.env.PLATFORM_PORT ?? "8787"}` },
      "export-to": { type: "string" },
      name: { type: "string" },
      scopes: { type: "string" },
      dealership: { type: "string" },
      overlap: { type: "string" },
      delete: { type: "boolean", default: false },
      force: { type: "boolean", default: false },
    },
  });
  const [command, target] = positionals;
  if (!command || (!target && command !== "templates")) {
    console.error(USAGE);
    return 2;
  }
  const base = `${values.url}/api/operator`;
  const local = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(values.url ?? "");
  const key = process.env.OPERATOR_KEY ?? (local ? DEMO_OPERATOR_KEY : undefined);
  if (!key) {
    console.error("Set OPERATOR_KEY to the platform's operator key.");
    return 2;
  }
  const call = async (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch((error: unknown) => {
      throw new Error(`Could not reach the platform at ${values.url} (${error instanceof Error ? (error.cause ?? error).toString() : String(error)}). Is it running? Set --url or PLATFORM_PORT.`);
    });
  const print = async (response: Response) => {
    const text = await response.text();
    let shown = text;
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {}
    (response.ok ? console.log : console.error)(shown);
    return response.ok ? 0 : 1;
  };
  const slug = encodeURIComponent(target ?? "");

  switch (command) {
    case "create":
      return print(await call("POST", "/sites", readSiteFile(target as string)));
    case "update": {
      const file = readSiteFile(target as string) as { slug?: unknown };
      return print(await call("PUT", `/sites/${encodeURIComponent(String(file.slug ?? ""))}`, values.force ? { ...file, force: true } : file));
    }
    case "show":
      return print(await call("GET", `/sites/${slug}`));
    case "disable":
    case "enable":
      return print(await call("POST", `/sites/${slug}/${command}`));
    case "templates":
      return print(await call("GET", "/templates"));
    case "keys":
      return print(await call("GET", `/sites/${slug}/keys`));
    case "secrets":
      return print(await call("GET", `/sites/${slug}/secrets`));
    case "secret": {
      const name = positionals[2];
      if (!name) {
        console.error(USAGE);
        return 2;
      }
      const path = `/sites/${slug}/secrets/${encodeURIComponent(name)}`;
      if (values.delete) return print(await call("DELETE", path));
      return print(await call("PUT", path, { value: await readSecretValue(`Value of the secret slot ${name} of ${target} (not shown): `) }));
    }
    case "key":
      return print(await call("POST", `/sites/${slug}/keys`, { name: values.name, scopes: (values.scopes ?? "").split(",").filter(Boolean), ...(values.dealership ? { dealership: values.dealership } : {}) }));
    case "rotate":
      return print(await call("POST", `/keys/${slug}/rotate`, values.overlap ? { overlapSeconds: Number(values.overlap) } : {}));
    case "revoke":
      return print(await call("POST", `/keys/${slug}/revoke`));
    case "delete": {
      // The export is written and checked before anything is deleted.
      const exported = await call("GET", `/sites/${slug}/export`);
      if (!exported.ok || !exported.body) return print(exported);
      const file = resolve(values["export-to"] ?? join(ROOT, ".state/exports", `${target}-${new Date().toISOString().replace(/[:.]/g, "-")}.ndjson`));
      mkdirSync(dirname(file), { recursive: true });
      await pipeline(Readable.fromWeb(exported.body as WebReadableStream<Uint8Array>), createWriteStream(file));
      if (!statSync(file).size) {
        console.error(`The export ${file} is empty: nothing deleted.`);
        return 1;
      }
      console.log(`Exported ${target} to ${file}`);
      return print(await call("DELETE", `/sites/${slug}`));
    }
    default:
      console.error(USAGE);
      return 2;
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  return 1;
});
