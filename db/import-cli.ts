/**
 * Loads stock through the dealers' stock API (the same path a dealer's feed uses).
 *   npm run stock:import -- --site SLUG [--url http://localhost:$PLATFORM_PORT] [--key WRITE_KEY] FILE.json|FILE.csv
 *   npm run stock:import -- --demo [--today YYYY-MM-DD] [--url ...] [--batches-out FILE]
 * Records are grouped per dealership (dealership_slug) in batches of <= 500 and sent with that
 * dealership's write key (--key, or the demo key write-{dealership_slug}). Exits 1 on any rejection.
 * --demo also uploads its spin cars' frames and interior panoramas from the demo photo origin (ADR 0094, 0102), and --batches-out keeps each
 * batch's id so `npm start` and `npm test` can wait for the demo's photos to be in (scripts/setup.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { demoWriteKey, generateDemoData } from "./demo/generate";
import { demoSpinCars, localDemoPhotoOrigin } from "./demo/media";
import { type DemoShot, demoInteriorShot, demoShotPath, demoSpinFrames } from "../scripts/demo-photos/render";
import { localToday } from "./demo/today";
import { type DealershipBatch, splitIntoBatches } from "./import/batches";
import { csvRowTexts, csvToRecords } from "@dealer/shared/contract";
import { MAX_BATCH_SIZE } from "../mf-search/src/stock/validate-batch";
import { postStockBatch, postStockCsv, putCarMedia } from "./import/stock-client";

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
      "batches-out": { type: "string" },
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
  const batches: { site: string; dealership: string; batch: string }[] = [];
  for (const load of loads) {
    const totals = { upserted: 0, deleted: 0, unchanged: 0, version: 0 };
    for (const batch of load.batches) {
      const key = load.key ?? demoWriteKey(batch.dealershipSlug);
      const host = `${load.site}.localhost`;
      const send = () => ("csv" in batch ? postStockCsv(baseUrl, host, key, batch.csv) : postStockBatch(baseUrl, host, key, batch));
      // A batch is an idempotent upsert: one that met the local Worker restarting (wrangler dev's 503, seen while the
      // demo's photos ingest beside the load) is sent again.
      const { status, body } = await sendAgainWhile((answer) => answer === 503, send);
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
      const outcome = body as typeof totals & { batch?: string | null };
      if (outcome.batch) batches.push({ site: load.site, dealership: batch.dealershipSlug, batch: outcome.batch });
      totals.upserted += outcome.upserted;
      totals.deleted += outcome.deleted;
      totals.unchanged += outcome.unchanged;
      totals.version = outcome.version;
    }
    console.log(`${load.site}: ${totals.upserted} upserted, ${totals.unchanged} unchanged, ${totals.deleted} deleted (stock version ${totals.version})`);
  }
  if (values["batches-out"]) writeFileSync(values["batches-out"], JSON.stringify(batches, null, 2));
  if (values.demo && !(await uploadDemoSpins(baseUrl, values.today ?? localToday()))) failed = true;
  return failed ? 1 : 0;
}

/** Sends again, up to three more times a second apart, while the platform's answer asks for it. */
async function sendAgainWhile<T extends { status: number }>(again: (status: number) => boolean, send: () => Promise<T>): Promise<T> {
  let answer = await send();
  for (let retry = 1; again(answer.status) && retry <= 3; retry++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    answer = await send();
  }
  return answer;
}

/** A demo picture's JPEG from the demo photo origin. */
async function demoJpeg(origin: string, shot: DemoShot): Promise<Uint8Array> {
  const url = `${origin}/${demoShotPath(shot)}`;
  const answer = await fetch(url).catch((error: Error) => {
    throw new Error(`Could not reach the demo photo origin at ${origin} (${error.message}): npm start runs it.`);
  });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return new Uint8Array(await answer.arrayBuffer());
}

/**
 * The demo's spin cars get their frames and interior panorama as a dealer's come: JPEGs uploaded through the stock API
 * (ADR 0094, 0102).
 */
async function uploadDemoSpins(baseUrl: string, today: string): Promise<boolean> {
  const origin = localDemoPhotoOrigin();
  for (const car of demoSpinCars(generateDemoData({ today }).vehicles)) {
    const interior = demoInteriorShot(car);
    const uploads = [
      { media: { path: "spin", field: "frame" } as const, shots: demoSpinFrames(car), what: "spin" },
      { media: { path: "interior", field: "panorama" } as const, shots: interior ? [interior] : [], what: "interior panorama" },
    ];
    for (const { media, shots, what } of uploads) {
      const files = await Promise.all(shots.map((shot) => demoJpeg(origin, shot)));
      // A 409 means the photo queue rewrote the car while its media were saved ("Send again"): the demo's own
      // photos settle beside this upload, so it is sent again, as a dealer's system would; so is one whose connection
      // the local Worker dropped while restarting (status 0 here: a first start once met EPIPE). A PUT replaces whole.
      const { status, body: answer } = await sendAgainWhile(
        (code) => code === 0 || code === 409 || code === 503,
        () =>
          putCarMedia(baseUrl, `${car.site}.localhost`, demoWriteKey(car.dealership_slug), car.stocknum, media, files).catch((error: Error) => ({ status: 0, body: error.message })),
      );
      if (status !== 200) {
        console.error(`${car.site} / ${car.stocknum}: ${what} upload HTTP ${status}`, JSON.stringify(answer).slice(0, 2000));
        return false;
      }
      console.log(`${car.site}: ${what} of ${car.stocknum} uploaded (${files.length} file${files.length === 1 ? "" : "s"})`);
    }
  }
  return true;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
