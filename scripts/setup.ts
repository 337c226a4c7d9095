import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { applyMigrations, executeFile, query } from "./d1";
import { ROOT, type RunningWorker } from "./stack";

function run(script: string, args: string[] = []): void {
  execFileSync(process.execPath, [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: "inherit",
  });
}

/** Build, apply migrations, seed sites/dealerships/locations once; data already loaded is kept. */
export async function prepare(): Promise<void> {
  console.log("Building the shell and the remotes (unchanged ones are skipped)…");
  run("scripts/build/build-all.ts");
  console.log("Applying D1 migrations…");
  mkdirSync(join(ROOT, ".wrangler/state"), { recursive: true });
  applyMigrations();
  const [sites] = query<{ count: number }>("SELECT COUNT(*) AS count FROM sites");
  if (!sites?.count) {
    console.log("Seeding demo sites, dealerships and locations…");
    const seedFile = join(ROOT, ".wrangler/demo-seed.sql");
    run("db/demo/write-seed.ts", ["--out", seedFile]);
    executeFile(seedFile);
  }
}

/** Demo stock goes through the dealers' own stock API, so it is validated like any feed. */
export async function loadDemoStockIfEmpty(): Promise<void> {
  const [vehicles] = query<{ count: number }>("SELECT COUNT(*) AS count FROM vehicles");
  if (vehicles?.count) return;
  console.log("Loading demo stock through the stock API…");
  run("db/import-cli.ts", ["--demo"]);
}

export function printSites(workers: RunningWorker[]): void {
  const edge = workers.find((w) => w.name === "edge");
  for (const worker of workers) console.log(`  ${worker.name.padEnd(13)} pid ${worker.pid}  http://127.0.0.1:${worker.port}`);
  if (!edge) return;
  const sites = query<{ slug: string; name: string }>("SELECT slug, name FROM sites ORDER BY slug");
  console.log(`\nDealer platform running. Index: http://localhost:${edge.port}/`);
  for (const site of sites) console.log(`  ${site.name.padEnd(24)} http://${site.slug}.localhost:${edge.port}/`);
}
