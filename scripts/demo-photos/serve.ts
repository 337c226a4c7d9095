import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { generateDemoData } from "../../db/demo/generate";
import { demoSpinCars } from "../../db/demo/media";
import { localToday } from "../../db/demo/today";
import { createDemoPhotoOrigin } from "./origin";
import { demoShots } from "./render";

/**
 * `npm start`'s demo photo origin (ADR 0094), started by scripts/stack.ts as a recorded session on PLATFORM_PORT + 200:
 * it serves at once, and renders every picture the demo stock names into its cache on disk, one after the other, so
 * the queue consumer is served ready bytes (a picture asked for before its turn is rendered on that request).
 */
const { values } = parseArgs({ options: { port: { type: "string" } } });
const port = Number(values.port);
if (!Number.isInteger(port)) throw new Error("serve.ts needs --port");

const ROOT = resolve(import.meta.dirname, "../..");
const CACHE_ROOT = join(ROOT, ".state/demo-photos");
/** The cache is kept per renderer: a change to the drawing, the renderer or sharp renders into a new folder. */
const renderer = createHash("sha256")
  .update(readFileSync(join(ROOT, "scripts/demo-photos/render.ts")))
  .update(readFileSync(join(ROOT, "edge/src/images/vehicle-svg.ts")))
  .update(String((createRequire(import.meta.url)("sharp/package.json") as { version: string }).version))
  .digest("hex")
  .slice(0, 12);
mkdirSync(CACHE_ROOT, { recursive: true });
for (const name of readdirSync(CACHE_ROOT)) if (name !== renderer) rmSync(join(CACHE_ROOT, name), { recursive: true, force: true });
const cacheDir = join(CACHE_ROOT, renderer);

const origin = createDemoPhotoOrigin(cacheDir);
await new Promise<void>((done) => origin.server.listen(port, "127.0.0.1", done));
console.log(`[demo-photos] serving ${cacheDir} at http://127.0.0.1:${port}`);

const { vehicles } = generateDemoData({ today: localToday() });
const shots = demoShots(vehicles, demoSpinCars(vehicles));
const started = Date.now();
await origin.prerender(shots);
console.log(`[demo-photos] ${shots.length} pictures ready (${origin.rendered()} rendered now) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
