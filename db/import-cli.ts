/**
 * Loads stock through the dealers' stock API (the same path a dealer's feed uses).
 *   npm run stock:import -- --site SLUG [--url http://localhost:$PLATFORM_PORT] [--key WRITE_KEY] FILE.json|FILE.csv
 *   npm run stock:import -- --demo [--today YYYY-MM-DD] [--url ...]
 * Records are grouped per dealership (dealership_slug) in batches of <= 500 and sent with that
 * dealership's write key (--key, or the demo key write-{dealership_slug}). Exits 1 on any rejection.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { demoWriteKey, generateDemoData } from "./demo/generate";
import { localToday } from "./demo/today";
import { type DealershipBatch, splitIntoBatches } from "./import/batches";
import { csvRowTexts, csvToRecords } from "@dealer/shared/contract";
import { MAX_BATCH_SIZE } from "../mf-search/src/stock/validate-batch";
import { postStockBatch, postStockCsv } from "./import/stock-client";

interface SiteLoad {
  site: string;
  /** JSON batches, or a CSV file's parts (its header and at most 500 rows each), sent as text for the site's mapping. */
  batches: (DealershipBatch | CsvPart)[];
  key?: string;
}
type CsvPart = { dealershipSlug: string; csv: string };

/**
 * A CSV file as the dealer's DMS wrote it, in parts of at most 500 rows: the platform reads it with the site's column
 * mapping (ADR 0075), so the CLI never edits it. Without --key, a `dealership_slug` column picks each row's demo key.
 */
function csvParts(text: string, key: string | undefined): CsvPart[] {
  const [header = "", ...rows] = csvRowTexts(text);
  const slugs = key ? [] : csvToRecords(text).records.map((record) => record.dealership_slug);
  const byDealership = new Map<string, string[]>();
  rows.forEach((row, i) => {
    const slug = key ? "(key)" : slugs[i];
    if (typeof slug !== "string") throw new Error(`Row ${i + 2} has no dealership_slug; pass --key to name the dealership.`);
    byDealership.set(slug, [...(byDealership.get(slug) ?? []), row]);
  });
  return [...byDealership].flatMap(([dealershipSlug, list]) =>
    Array.from({ length: Math.ceil(list.length / MAX_BATCH_SIZE) }, (_, part) => ({ dealershipSlug, csv: [header, ...list.slice(part * MAX_BATCH_SIZE, (part + 1) * MAX_BATCH_SIZE)].join("\r\n") })),
  );
}

function readBatches(file: string, key: string | undefined): SiteLoad["batches"] {
  const text = readFileSync(file, "utf8");
  if (file.toLowerCase().endsWith(".csv")) return csvParts(text, key);
  return splitIntoBatches(readRecords(file, text), key ? "(key)" : undefined);
}

function readRecords(file: string, text: string): Record<string, unknown>[] {
  const parsed = JSON.parse(text) as unknown;
  const list = Array.isArray(parsed) ? parsed : (parsed as { upsert?: unknown }).upsert;
  if (!Array.isArray(list)) throw new Error(`${file}: expected a JSON array of vehicles or { "upsert": [...] }`);
  return list as Record<string, unknown>[];
}

function demoLoads(today: string): SiteLoad[] {
  const { sites, vehicles } = generateDemoData({ today });
  return sites.map((site) => ({
    site: site.slug,
    batches: splitIntoBatches(vehicles.filter((v) => v.site === site.slug) as Record<string, unknown>[]),
  }));
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      site: { type: "string" },
      url: { type: "string", default: `http://localhost:${process.env.PLATFORM_PORT ?? "8787"}` },
      key: { type: "string" },
      demo: { type: "boolean", default: false },
      today: { type: "string" },
    },
  });
  const baseUrl = values.url as string;
  let loads: SiteLoad[];
  if (values.demo) loads = demoLoads(values.today ?? localToday());
  else {
    const file = positionals[0];
    if (!values.site || !file) {
      console.error("Usage: npm run stock:import -- --site SLUG [--url URL] [--key KEY] FILE.json|FILE.csv   (or --demo)");
      return 2;
    }
    loads = [{ site: values.site, key: values.key, batches: readBatches(file, values.key) }];
  }

  let failed = false;
  for (const load of loads) {
    const totals = { upserted: 0, deleted: 0, unchanged: 0, version: 0 };
    for (const batch of load.batches) {
      const key = load.key ?? demoWriteKey(batch.dealershipSlug);
      const host = `${load.site}.localhost`;
      const { status, body } = "csv" in batch ? await postStockCsv(baseUrl, host, key, batch.csv) : await postStockBatch(baseUrl, host, key, batch);
      // A CSV's bad rows are refused one by one while its good rows load: each is named with its row and reasons.
      const rejected = (body as { rejected?: unknown[] } | null)?.rejected;
      if (status === 200 && rejected?.length) {
        failed = true;
        console.error(`${load.site} / ${batch.dealershipSlug}: ${rejected.length} row(s) refused`);
        console.error(JSON.stringify(rejected, null, 2).slice(0, 4000));
      }
      if (status !== 200) {
        failed = true;
        console.error(`${load.site} / ${batch.dealershipSlug}: HTTP ${status}`);
        console.error(JSON.stringify(body, null, 2).slice(0, 4000));
        continue;
      }
      const outcome = body as typeof totals;
      totals.upserted += outcome.upserted;
      totals.deleted += outcome.deleted;
      totals.unchanged += outcome.unchanged;
      totals.version = outcome.version;
    }
    console.log(`${load.site}: ${totals.upserted} upserted, ${totals.unchanged} unchanged, ${totals.deleted} deleted (stock version ${totals.version})`);
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
