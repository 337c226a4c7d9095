import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "../stack";

/**
 * npm run bench:fresh-starts [-- --runs 10 --port 8950]: clones this repository's HEAD into a new
 * folder, runs `npm install && npm start` as a new user would, waits for the platform to answer,
 * stops it with Ctrl+C (SIGINT), checks nothing it started is left, and repeats. Prints each run
 * and how many succeeded. The clone's second start is timed too (data in place).
 */
const { values } = parseArgs({ options: { runs: { type: "string", default: "10" }, port: { type: "string", default: "8950" } } });
const RUNS = Number(values.runs);
const START_TIMEOUT_MS = 5 * 60_000;

type Started = { ok: boolean; ms: number; leftovers: number; tail: string };

function groupProcessCount(pgid: number): number {
  try {
    return execFileSync("ps", ["-o", "pid=", "-g", String(pgid)], { encoding: "utf8" }).trim().split("\n").filter(Boolean).length;
  } catch {
    return 0;
  }
}

/** npm start in its own process group; ready when it prints its sites. Then Ctrl+C, as a person would. */
async function startAndStop(dir: string): Promise<Started> {
  const started = Date.now();
  const child = spawn("npm", ["start"], { cwd: dir, env: { ...process.env, PLATFORM_PORT: values.port, CI: "true" }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("Press Ctrl+C to stop.")) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  const ms = Date.now() - started;
  let answered = false;
  if (ready) {
    const response = await fetch(`http://127.0.0.1:${values.port}/`, { headers: { host: `harbour-city-motors.localhost:${values.port}` } }).catch(() => null);
    answered = response?.status === 200;
  }
  const pid = child.pid as number;
  try {
    process.kill(-pid, "SIGINT");
  } catch {
    // already gone
  }
  for (let i = 0; i < 120 && groupProcessCount(pid) > 0; i++) await new Promise((r) => setTimeout(r, 250));
  // The wrangler session is its own group; look for anything still holding the clone's folder.
  const leftovers = execFileSync("ps", ["-eo", "args="], { encoding: "utf8" }).split("\n").filter((line) => line.includes(dir)).length;
  return { ok: ready && answered, ms, leftovers, tail: output.split("\n").slice(-8).join("\n") };
}

const rows: string[] = [];
let succeeded = 0;
for (let run = 1; run <= RUNS; run++) {
  const dir = mkdtempSync(join(tmpdir(), "dealer-fresh-start-"));
  try {
    execFileSync("git", ["clone", "--quiet", ROOT, dir]);
    const installStarted = Date.now();
    execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: "ignore" });
    const installMs = Date.now() - installStarted;
    const first = await startAndStop(dir);
    const later = first.ok ? await startAndStop(dir) : null;
    const ok = first.ok && later?.ok === true && first.leftovers === 0 && later.leftovers === 0;
    if (ok) succeeded++;
    const row = `run ${run}: ${ok ? "ok" : "FAILED"}   npm install ${(installMs / 1000).toFixed(0)} s   first start ${(first.ms / 1000).toFixed(1)} s   later start ${later ? `${(later.ms / 1000).toFixed(1)} s` : "-"}   processes left ${first.leftovers + (later?.leftovers ?? 0)}`;
    rows.push(row);
    console.log(row);
    if (!ok) console.log(first.ok ? (later?.tail ?? "") : first.tail);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`\n${succeeded} of ${RUNS} fresh-clone starts succeeded`);
process.exit(succeeded === RUNS ? 0 : 1);
