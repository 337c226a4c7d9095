import { mkdirSync } from "node:fs";
import { request } from "node:http";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { demoWriteKey, generateDemoData } from "../../db/demo/generate";
import { localToday } from "../../db/demo/today";
import { postStockBatch } from "../../db/import/stock-client";
import { launchChromium } from "../chromium";
import { listenDemoPhotoOrigin } from "../demo-photos/origin";
import { IMAGE_SLOTS, slotWidths } from "@dealer/shared/media";
import sharp from "sharp";
import { demoShotPath, parseDemoPhotoPath, renderDemoPhoto, shotOfUrl } from "../demo-photos/render";
import { PLATFORM_PORT, ROOT, recordedSessions } from "../stack";
import { lighthouseMedian } from "./lighthouse";
import { timePage } from "./page-timing";

/**
 * npm run bench:demo-photos (with the platform running): issue 30's page figures with the demo's own photographs
 * (ADR 0083). Copies --cars of the site's demo cars under new stock numbers with their pictures as JPEGs from the demo
 * photo origin, through the feed and the queue like a dealer's, waits until they are held, then prints the bytes a
 * photo is served at per width and format, the image bytes of the first view of a car page and of /search at 390 px
 * (the new cars lead /search: newest first), and Lighthouse on both. Prints, asserts nothing; deletes the cars at the
 * end unless --keep (kept, they lead /search, where the platform tests expect a demo car).
 */
const { values: options } = parseArgs({
  options: {
    site: { type: "string", default: "harbour-city-motors" },
    cars: { type: "string", default: "12" },
    "lighthouse-runs": { type: "string", default: "3" },
    keep: { type: "boolean", default: false },
  },
});
const SITE = options.site;
const host = `${SITE}.localhost:${PLATFORM_PORT}`;
const baseUrl = `http://127.0.0.1:${PLATFORM_PORT}`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

if (!recordedSessions().some((session) => session.label === "platform")) {
  console.error("The platform is not running: npm start first (in another terminal), then npm run bench:demo-photos.");
  process.exit(2);
}

const cacheDir = join(ROOT, ".state/demo-photos");
mkdirSync(cacheDir, { recursive: true });
const origin = await listenDemoPhotoOrigin(cacheDir);
const originUrl = origin.base;

type Car = Record<string, unknown> & { stocknum: string; dealership_slug: string; images?: ({ image: { url: string } } | string)[] };
const siteCars = (generateDemoData({ today: localToday() }).vehicles as unknown as Car[]).filter((car) => car.site === SITE);
// One dealership's cars, posted with its demo write key.
const dealership = siteCars[0]?.dealership_slug ?? "";
const KEY = demoWriteKey(dealership);
const demoCars = siteCars.filter((car) => car.dealership_slug === dealership && car.status === "in_stock" && (car.images ?? []).length >= 4);
const cars = demoCars.slice(0, Number(options.cars)).map((car, n) => {
  const { id: _id, slug: _slug, name: _name, created_at: _created, updated_at: _updated, thumbnails: _thumbs, primary_image_url: _primary, spin_images: _spin, ...rest } = car;
  // The demo's own photo URLs on this bench's origin: URLs the site has not held yet, so they go through the queue.
  const photos = (car.images ?? []).flatMap((entry) => {
    const picture = shotOfUrl(typeof entry === "string" ? entry : entry.image.url);
    return picture ? [`${originUrl}/${demoShotPath(picture)}`] : [];
  });
  return { ...rest, stocknum: `DEMO-PHOTOS-${n + 1}`, vin: null, images: photos.map((url) => ({ image: { url } })) };
});

console.log(`Demo photos bench: ${cars.length} of ${SITE}'s demo cars with their pictures as JPEGs (port ${PLATFORM_PORT}), load average ${load()}`);
const posted = await postStockBatch(baseUrl, host, KEY, { upsert: cars });
if (posted.status !== 200) throw new Error(`the feed was refused: ${posted.status} ${JSON.stringify(posted.body).slice(0, 500)}`);
const batch = (posted.body as { batch: string }).batch;
type Report = { ready: number; pending: number; failed: number; photos: { stocknum: string; position: number; status: string; reason?: string }[] };
const started = Date.now();
let report: Report;
for (;;) {
  report = JSON.parse((await timePage(PLATFORM_PORT, host, `/api/stock/batches/${batch}`, { authorization: `Bearer ${KEY}` })).html) as Report;
  if (report.pending === 0) break;
  if (Date.now() - started > 20 * 60_000) throw new Error(`photos still pending after 20 minutes: ${report.pending}`);
  await new Promise((resolve) => setTimeout(resolve, 3000));
}
const minutes = (Date.now() - started) / 60_000;
console.log(
  `  ${report.ready} photos held, ${report.failed} failed, in ${minutes.toFixed(1)} min (${(report.ready / minutes).toFixed(0)} a minute, rendering included: ${origin.rendered()} rendered now); load average ${load()}`,
);

type Stored = { slug: string; images: { image: { url: string } }[] };
const stored = await timePage(PLATFORM_PORT, host, `/api/stock/vehicles?stocknum=${cars[0]?.stocknum}`, { authorization: `Bearer ${KEY}` });
const first = (JSON.parse(stored.html) as { vehicles: Stored[] }).vehicles[0];
const hashPath = /\/(photos\/[0-9a-f]{64})$/.exec(first?.images[0]?.image.url ?? "")?.[1];
if (!first || !hashPath) throw new Error(`the first car has no held photo: ${stored.html.slice(0, 300)}`);

/** The bytes of an image the gateway serves on the site's host (node:http: fetch will not send another Host). */
function imageBytes(path: string, accept: string): Promise<number | null> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port: PLATFORM_PORT, path, headers: { host, accept } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve(res.statusCode === 200 ? bytes : null));
    });
    req.on("error", () => resolve(null));
    req.end();
  });
}

console.log("\n  A demo photo as the gateway serves it (/cdn/image/width=W,quality=75/{photo}, by Accept), KB:");
const ACCEPTS = { AVIF: "image/avif,image/webp,*/*", WebP: "image/webp,*/*", JPEG: "*/*" };
console.log(`    ${"width".padEnd(6)} ${Object.keys(ACCEPTS).map((name) => name.padStart(7)).join("")}`);
for (const width of [320, 480, 640, 800, 1200]) {
  const sizes = [];
  for (const accept of Object.values(ACCEPTS)) {
    const bytes = await imageBytes(`/cdn/image/width=${width},quality=75/${hashPath}`, accept);
    sizes.push(bytes === null ? "?" : (bytes / 1024).toFixed(1));
  }
  console.log(`    ${String(width).padEnd(6)} ${sizes.map((size) => size.padStart(7)).join("")}`);
}

type Viewport = { width: number; height: number; deviceScaleFactor: number; mobile: boolean };
/** What a browser without AVIF sends for images (Safari before 16, older Edge): the gateway answers WebP. */
const WEBP_ONLY = "image/webp,image/apng,image/*,*/*;q=0.8";

/**
 * Image bytes of a page's first view: every image the page loaded by its load event and a settle, not scrolled.
 * With `accept`, image requests send it instead of Chromium's own (which names AVIF): a browser without AVIF.
 */
async function firstViewImages(path: string, viewport: Viewport, accept?: string) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor, isMobile: viewport.mobile });
    if (accept) await page.route("**/cdn/image/**", (route) => route.continue({ headers: { ...route.request().headers(), accept } }));
    const images: { url: string; bytes: number; type: string }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "image") return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      images.push({ url: response.url(), bytes: body.length, type: response.headers()["content-type"] ?? "" });
    });
    // Bytes, not time: a desktop /search waits on a dozen first transforms by the local binding on a loaded machine.
    await page.goto(`http://${host}${path}`, { waitUntil: "load", timeout: 120_000 });
    await page.waitForTimeout(1500);
    return images;
  } finally {
    await browser.close();
  }
}

const carPath = `/cars/${first.slug}`;
const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const widthOf = (url: string) => Number(/width=(\d+)/.exec(url)?.[1] ?? 0);
const PHONE_3X: Viewport = { width: 390, height: 844, deviceScaleFactor: 3, mobile: true };
const PHONE_2X: Viewport = { ...PHONE_3X, deviceScaleFactor: 2 };
for (const viewport of [PHONE_3X, PHONE_2X]) {
  const label = `${viewport.width} px at ${viewport.deviceScaleFactor}x`;
  const carImages = await firstViewImages(carPath, viewport);
  const photos = carImages.filter((image) => image.url.includes("/photos/"));
  console.log(
    `\n  ${carPath} first view, ${label}: ${KB(carImages.reduce((a, b) => a + b.bytes, 0))} of images (goal <= 250 KB), ${photos.length} car photos ${KB(photos.reduce((a, b) => a + b.bytes, 0))} (${[...new Set(photos.map((p) => p.type))].join(", ")}), largest ${KB(Math.max(0, ...photos.map((p) => p.bytes)))}`,
  );
}

/**
 * A search card's photo as each screen picks it from the card's srcset and sizes (IMAGE_SLOTS.card), in AVIF (Chromium's
 * own Accept) and in WebP (a browser without AVIF): the goal is a card's photo <= 30 KB in both.
 */
console.log(`\n  A search card's photo on /search's first view, as the browser picks it (card srcset ${slotWidths("card").join("/")} w at quality ${IMAGE_SLOTS.card.quality}; goal <= 30 KB):`);
const picked = new Set<number>();
for (const viewport of [PHONE_3X, PHONE_2X, { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false }, { width: 1280, height: 800, deviceScaleFactor: 2, mobile: false }]) {
  for (const [format, accept] of [["AVIF", undefined], ["WebP", WEBP_ONLY]] as const) {
    const cards = (await firstViewImages("/search", viewport, accept)).filter((image) => image.url.includes("/photos/"));
    for (const card of cards) picked.add(widthOf(card.url));
    console.log(
      `    ${`${viewport.width} px at ${viewport.deviceScaleFactor}x`.padEnd(17)} ${format.padEnd(5)} ${cards.length} card photos at ${[...new Set(cards.map((card) => `${widthOf(card.url)} w`))].join(", ") || "none"}: largest ${KB(Math.max(0, ...cards.map((c) => c.bytes)))}, average ${KB(cards.reduce((a, b) => a + b.bytes, 0) / Math.max(1, cards.length))} (${[...new Set(cards.map((card) => card.type))].join(", ")})`,
    );
  }
}

/*
 * The local Images binding runs sharp with its own default quality per format (AVIF 50, WebP 80, JPEG 80) and ignores the
 * `quality` the URL asks for; the deployed binding encodes at it. So the first car's first photo is encoded here
 * as the deployed binding would be asked to: the copy cleaned as at ingestion (JPEG 90), resized to each picked width, at
 * the card's quality. sharp's encoders, not Cloudflare's: the same parameters, not the same bytes.
 */
const firstPicture = parseDemoPhotoPath((cars[0]?.images[0]?.image.url ?? "").slice(originUrl.length + 1));
if (firstPicture) {
  const cleaned = await sharp(await renderDemoPhoto(firstPicture)).jpeg({ quality: 90 }).toBuffer();
  console.log(`  The first car's photo (${demoShotPath(firstPicture)}) at the card's quality ${IMAGE_SLOTS.card.quality}, as the deployed binding is asked (sharp, here):`);
  for (const width of [...picked].filter(Boolean).sort((a, b) => a - b)) {
    const resized = () => sharp(cleaned).resize(width);
    const [avif, webp] = await Promise.all([resized().avif({ quality: IMAGE_SLOTS.card.quality }).toBuffer(), resized().webp({ quality: IMAGE_SLOTS.card.quality }).toBuffer()]);
    console.log(`    ${String(width).padEnd(5)} w   AVIF ${KB(avif.length).padStart(8)}   WebP ${KB(webp.length).padStart(8)}`);
  }
}

const runs = Number(options["lighthouse-runs"]);
if (runs > 0) {
  console.log(`\n  Lighthouse, mobile with simulated throttling, median of ${runs} runs; load average ${load()}:`);
  for (const path of [carPath, "/search"]) {
    const f = await lighthouseMedian(`http://${host}${path}`, runs);
    console.log(
      `    ${path.padEnd(44)} LCP ${(f.lcp / 1000).toFixed(2)} s (goal <= 2.5 s)   performance ${f.performance}   TBT ${f.tbt.toFixed(0)} ms   CLS ${f.cls.toFixed(3)}   CPU benchmark ${f.benchmarkIndex.toFixed(0)}`,
    );
  }
  console.log(`  load average after: ${load()}`);
}

if (!options.keep) await postStockBatch(baseUrl, host, KEY, { upsert: [], delete: cars.map((car) => car.stocknum) });
await origin.close();
