import { execFileSync } from "node:child_process";
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_PATH } from "./chromium";
import { PLATFORM_PORT, recordedSessions } from "./stack";

/**
 * npm run bench (platform running via npm start): time to the head and to the full page,
 * gzip JavaScript per route split by origin, and the memory of the running stack. Prints only.
 */
const SITE = "harbour-city-motors";
const RUNS = 15;
const host = `${SITE}.localhost:${PLATFORM_PORT}`;

function timePage(path: string): Promise<{ head: number; full: number; html: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let head = 0;
    let html = "";
    const req = request({ host: "127.0.0.1", port: PLATFORM_PORT, path, headers: { host } }, (res) => {
      res.on("data", (chunk: Buffer) => {
        html += chunk.toString("utf8");
        if (!head && html.includes("</head>")) head = performance.now() - started;
      });
      res.on("end", () => resolve({ head, full: performance.now() - started, html }));
    });
    req.on("error", reject);
    req.end();
  });
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

const carPath = /href="(\/cars\/[a-z0-9-]+)"/.exec((await timePage("/search")).html)?.[1] ?? "/cars/unknown";
const routes = { "/search": "/search", "/cars/{slug}": carPath };

console.log(`Time to first byte of the head and to the full page (${RUNS} runs, ${SITE}):`);
for (const [label, path] of Object.entries(routes)) {
  const heads: number[] = [];
  const fulls: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { head, full } = await timePage(path);
    heads.push(head);
    fulls.push(full);
  }
  console.log(`  ${label.padEnd(14)} head p50 ${percentile(heads, 50).toFixed(1)} ms  p95 ${percentile(heads, 95).toFixed(1)} ms   full p50 ${percentile(fulls, 50).toFixed(1)} ms  p95 ${percentile(fulls, 95).toFixed(1)} ms`);
}

console.log("\nJavaScript a browser downloads per route at first load (gzip; slots far below the fold load on scroll):");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
const visits = Object.entries(routes).flatMap(([route, path]) =>
  Object.entries(viewports).map(([name, viewport]) => ({ label: `${route} (${name})`, path, viewport })),
);
for (const { label, path, viewport } of visits) {
  const page = await browser.newPage({ viewport });
  const parts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(".js")) return;
    const group = url.pathname.startsWith("/_mf/") ? url.pathname.split("/")[2] ?? "remote" : "shell (framework + federation runtime + shell)";
    pending.push(response.body().then((body) => {
      parts.set(group, (parts.get(group) ?? 0) + gzipSync(body).length);
    }).catch(() => undefined));
  });
  await page.goto(`http://${host}${path}`);
  await page.waitForSelector("html[data-hydrated='true']", { timeout: 20_000 });
  await Promise.all(pending);
  const total = [...parts.values()].reduce((a, b) => a + b, 0);
  console.log(`  ${label}: ${(total / 1024).toFixed(1)} KB total`);
  for (const [group, bytes] of parts) console.log(`    ${group.padEnd(48)} ${(bytes / 1024).toFixed(1)} KB`);
  await page.close();
}
await browser.close();

console.log("\nMemory of the running stack (RSS of each wrangler process tree):");
let totalRss = 0;
for (const worker of recordedSessions()) {
  const tree = execFileSync("ps", ["-o", "rss=", "--ppid", String(worker.pid), "-p", String(worker.pid)], { encoding: "utf8" });
  const kb = tree.split("\n").map(Number).filter(Number.isFinite).reduce((a, b) => a + b, 0);
  totalRss += kb;
  console.log(`  ${worker.label.padEnd(13)} ${(kb / 1024).toFixed(0)} MB`);
}
console.log(`  total         ${(totalRss / 1024).toFixed(0)} MB`);
