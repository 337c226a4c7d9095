/**
 * Writes the demo seed SQL (sites, domains, dealerships, locations, API keys).
 *   tsx db/demo/write-seed.ts [--today YYYY-MM-DD] [--out .wrangler/demo-seed.sql]
 * Then: wrangler d1 execute DB --local --persist-to .wrangler/state -c edge/wrangler.jsonc --file .wrangler/demo-seed.sql
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { generateDemoData } from "./generate";
import { demoSeedSql } from "./seed-sql";
import { localToday } from "./today";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const DEFAULT_SEED_PATH = resolve(REPO_ROOT, ".wrangler/demo-seed.sql");

/** Writes the seed file and returns its path. */
export function writeDemoSeed(options: { today?: string; out?: string } = {}): string {
  const today = options.today ?? localToday();
  const out = resolve(options.out ?? DEFAULT_SEED_PATH);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, demoSeedSql(generateDemoData({ today }), `${today}T00:00:00.000Z`));
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { today: { type: "string" }, out: { type: "string" } } });
  console.log(writeDemoSeed(values));
}
