import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

/** Runs the platform's Workers as separate `wrangler dev` processes, like separate deploys. */
export const ROOT = resolve(import.meta.dirname, "..");
export const STATE_DIR = join(ROOT, ".wrangler/state");
const RUN_DIR = join(ROOT, ".state");
const PID_FILE = join(RUN_DIR, "stack.json");

export const remotes = ["mf-search", "mf-vehicle", "mf-forms", "mf-locations", "mf-finance"] as const;
export type WorkerName = (typeof remotes)[number] | "edge";

export const ports: Record<WorkerName, number> = {
  edge: 8787,
  "mf-search": 8791,
  "mf-vehicle": 8792,
  "mf-forms": 8793,
  "mf-locations": 8794,
  "mf-finance": 8795,
};
const inspectorPorts: Record<WorkerName, number> = {
  edge: 9301,
  "mf-search": 9302,
  "mf-vehicle": 9303,
  "mf-forms": 9304,
  "mf-locations": 9305,
  "mf-finance": 9306,
};

/** Keeps wrangler offline and its files inside the project. */
export const wranglerEnv: NodeJS.ProcessEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  XDG_CONFIG_HOME: join(ROOT, ".wrangler/config"),
  WRANGLER_LOG_PATH: join(ROOT, ".wrangler/logs"),
  NO_COLOR: "1",
  FORCE_COLOR: "0",
};

export const wranglerBin = createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js");

export function readBuildId(dir: string): string {
  const file = join(ROOT, dir, "dist/BUILD_ID");
  if (!existsSync(file)) throw new Error(`${dir} is not built (no ${file}); run npm run build`);
  return readFileSync(file, "utf8").trim();
}

function shellEntry(): string {
  const entry = JSON.parse(readFileSync(join(ROOT, "shell/dist/entry.json"), "utf8")) as { scripts: string[] };
  if (entry.scripts.length !== 1) throw new Error("shell/dist/entry.json must name exactly one entry script");
  return entry.scripts[0] as string;
}

function varsFor(name: WorkerName, extra: Record<string, string>): Record<string, string> {
  const base: Record<string, string> =
    name === "edge" ? { SHELL_BUILD_ID: readBuildId("shell"), SHELL_ENTRY: shellEntry() } : { BUILD_ID: readBuildId(name) };
  return { ...base, ...extra };
}

export type RunningWorker = { name: WorkerName; pid: number; port: number; process?: ChildProcess };

/** Start one Worker and wait until it answers; extra vars (e.g. FRAGMENT_DELAY_MS) are for tests. */
export async function startWorker(name: WorkerName, extraVars: Record<string, string> = {}): Promise<RunningWorker> {
  // A leftover process on the port would answer our health check and pass for this one.
  if (await isListening(ports[name])) {
    throw new Error(`port ${ports[name]} (${name}) is already in use: stop the other process (npm run stop) and retry`);
  }
  mkdirSync(join(RUN_DIR, "logs"), { recursive: true });
  const config = join(ROOT, name, "wrangler.jsonc");
  const vars = Object.entries(varsFor(name, extraVars)).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const args = [
    wranglerBin, "dev", "-c", config, "--ip", "127.0.0.1", "--port", String(ports[name]),
    "--inspector-port", String(inspectorPorts[name]), "--persist-to", STATE_DIR,
    "--show-interactive-dev-session=false", "--log-level", "warn", ...vars,
  ];
  const log = openSync(join(RUN_DIR, "logs", `${name}.log`), "a");
  const child = spawn(process.execPath, args, { cwd: join(ROOT, name), env: wranglerEnv, stdio: ["ignore", log, log] });
  if (!child.pid) throw new Error(`could not start ${name}`);
  const worker: RunningWorker = { name, pid: child.pid, port: ports[name], process: child };
  await waitForHealth(worker);
  return worker;
}

async function isListening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

async function waitForHealth(worker: RunningWorker, timeoutMs = 60_000): Promise<void> {
  const path = worker.name === "edge" ? "/healthz" : "/health";
  const until = Date.now() + timeoutMs;
  let exited = false;
  worker.process?.once("exit", () => {
    exited = true;
  });
  while (Date.now() < until && !exited) {
    try {
      const response = await fetch(`http://127.0.0.1:${worker.port}${path}`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${worker.name} did not become healthy (see .state/logs/${worker.name}.log)`);
}

/** Stop by our own PID only; wrangler then stops its workerd child. */
export async function stopWorker(worker: RunningWorker): Promise<void> {
  const alive = () => {
    try {
      process.kill(worker.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(worker.pid, "SIGINT");
  for (let i = 0; i < 40 && alive(); i++) await new Promise((r) => setTimeout(r, 250));
  if (alive()) process.kill(worker.pid, "SIGKILL");
  // The port must be free before a restart on the same port.
  for (let i = 0; i < 40 && (await isListening(worker.port)); i++) await new Promise((r) => setTimeout(r, 250));
}

export function recordStack(workers: RunningWorker[]): void {
  mkdirSync(RUN_DIR, { recursive: true });
  writeFileSync(PID_FILE, JSON.stringify(workers.map(({ name, pid, port }) => ({ name, pid, port })), null, 2));
}

export function recordedStack(): RunningWorker[] {
  if (!existsSync(PID_FILE)) return [];
  return JSON.parse(readFileSync(PID_FILE, "utf8")) as RunningWorker[];
}

/** Remotes first so the gateway finds them in the dev registry; one at a time (2 cores). */
export async function startStack(options: { only?: WorkerName[]; without?: WorkerName[] } = {}): Promise<RunningWorker[]> {
  const wanted = (options.only ?? [...remotes, "edge"]).filter((name) => !options.without?.includes(name));
  const order = [...remotes.filter((r) => wanted.includes(r)), ...(wanted.includes("edge") ? (["edge"] as const) : [])];
  const started: RunningWorker[] = [];
  try {
    for (const name of order) started.push(await startWorker(name));
  } catch (error) {
    await stopStack(started);
    throw error;
  }
  recordStack(started);
  return started;
}

export async function stopStack(workers: RunningWorker[] = recordedStack()): Promise<void> {
  for (const worker of [...workers].reverse()) await stopWorker(worker);
  recordStack([]);
}
