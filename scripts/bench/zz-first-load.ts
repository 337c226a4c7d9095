import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_PATH } from "../chromium";
import { PLATFORM_PORT } from "../stack";
const host = `harbour-city-motors.localhost:${PLATFORM_PORT}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
for (const path of process.argv.slice(2)) for (const [name, viewport] of Object.entries({ phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } })) {
  const page = await browser.newPage({ viewport });
  const files: [string, number][] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (r) => { const u = new URL(r.url()); if (!u.pathname.endsWith(".js")) return; pending.push(r.body().then((b) => void files.push([u.pathname, gzipSync(b).length])).catch(() => undefined)); });
  await page.goto(`http://${host}${path}`);
  await page.waitForSelector("html[data-hydrated='true']", { timeout: 20000 });
  await Promise.all(pending);
  const total = files.reduce((a, [, b]) => a + b, 0);
  console.log(`${path} ${name} ${(total / 1024).toFixed(1)} KB`);
  for (const [f, b] of files.filter(([f]) => f.startsWith("/_mf/mf-search"))) console.log(`   ${(b / 1024).toFixed(1)} ${f}`);
  await page.close();
}
await browser.close();
