import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { DEMO_PHOTO_ORIGIN_OFFSET } from "../db/demo/media";
import { LOCAL_DEV_VAR } from "../shared/src/fragment/dev-faults";
import { HealthWatch } from "./dev-session/health-watch";
import { collectIsolatesEvery } from "./dev-session/isolate-collector";
import { keepImagesBehindPages } from "./dev-session/images-priority";
import { inspectorProxyPatch } from "./dev-session/inspector-proxy-patch";
import { miniflareAssetsPatch } from "./dev-session/miniflare-assets-patch";
import { describeSessionProcesses } from "./dev-session/session-processes";
import { SERVE_DIRECT_VAR, serveDirectPatch } from "./dev-session/serve-direct-patch";
import { ensurePatched } from "./dev-session/source-patch";
import { WORKERD_V8_FLAGS_VAR, workerdV8FlagsPatch } from "./dev-session/workerd-v8-flags-patch";
import { prebuildWorkers, watchesSources } from "./dev-session/prebuilt-workers";

/**
 * The local platform is ONE `wrangler dev` session: the gateway's config first, the remotes after it
 * as auxiliary Workers (service bindings in process, one local D1). A squad can leave its remote out
 * and run it alone as a second session; the gateway finds it through wrangler's dev registry.
 */
export const ROOT = resolve(import.meta.dirname, "..");
/** Local D1, KV and Queues data; a bench that grows its own stock keeps it apart (PLATFORM_STATE_DIR). */
export const STATE_DIR = process.env.PLATFORM_STATE_DIR ? resolve(process.env.PLATFORM_STATE_DIR) : join(ROOT, ".wrangler/state");
const RUN_DIR = join(ROOT, ".state");
const SESSIONS_FILE = join(RUN_DIR, "sessions.json");

export const remotes = ["mf-search", "mf-vehicle", "mf-forms", "mf-locations", "mf-finance", "mf-dealer"] as const;
export type RemoteName = (typeof remotes)[number];
export type WorkerName = RemoteName | "edge";

function portFromEnv(value: string | undefined, fallback: number): number {
  const port = Number(value ?? fallback);
  if (!Number.isInteger(port) || port < 1024 || port > 60_000) throw new Error(`PLATFORM_PORT must be a port between 1024 and 60000, got "${value}"`);
  return port;
}

/** The gateway's port; a second checkout on the same machine picks another (PLATFORM_PORT=8801 npm start). */
export const PLATFORM_PORT = portFromEnv(process.env.PLATFORM_PORT, 8787);
/** A remote run alone listens beside the platform's port, so checkouts with different ports never collide. */
export const lonePort = (name: RemoteName) => PLATFORM_PORT + 100 + remotes.indexOf(name);
const inspectorPort = (port: number) => port + 1000;

/** Keeps wrangler offline and its files (dev registry included) inside this checkout. */
export const wranglerEnv: NodeJS.ProcessEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  XDG_CONFIG_HOME: join(ROOT, ".wrangler/config"),
  WRANGLER_LOG_PATH: join(ROOT, ".wrangler/logs"),
  NO_COLOR: "1",
  FORCE_COLOR: "0",
  // wrangler bundles process.env.NODE_ENV from its own environment: the Workers run React's production build
  // locally as deployed (its development server renderer is many times slower). Dev-only switches use .dev.vars.
  NODE_ENV: "production",
  // wrangler's esbuild service keeps every Worker's watch build in memory; Go's default (collect when the heap has
  // doubled) let it hold 450-670 MB of a 1.5 GiB platform, 300 MB with this (ADR 0099).
  GOGC: process.env.GOGC ?? "25",
  // glibc gives each thread that allocates at once an arena of its own and keeps what it freed there: the Images
  // binding's libvips threads in wrangler's Node held about 150 MB so (ADR 0110).
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
  // V8 flags for both workerd processes (workerd-v8-flags-patch.ts): a young generation of at most 4 MB a semi-space,
  // as wrangler's Node (ADR 0110). Busy isolates grew theirs towards V8's maximum and the Workers' workerd held about
  // 150 MB more after 4 minutes of mixed load; 2 MB slowed uncached renders 2-4x (ADR 0117), 4 MB did not (ADR 0121).
  // The collector's work stays on workerd's one thread: on 2 cores V8 has a single helper thread, and when a background
  // compile holds it waiting for a collection, the sweeper waits for that thread for ever (the livelock, ADR 0131).
  // Set PLATFORM_WORKERD_V8_FLAGS (space-separated; empty for none) to measure others.
  [WORKERD_V8_FLAGS_VAR]: process.env[WORKERD_V8_FLAGS_VAR] ?? "--max-semi-space-size=4 --single-threaded-gc",
  // The Workers' workerd serves the session's port itself, wrangler's proxy beside it (serve-direct-patch.ts, ADR
  // 0127), unless PLATFORM_WATCH=1 asks for reloads, which only the proxy rides over.
  [SERVE_DIRECT_VAR]: watchesSources() ? "0" : "1",
};

export const wranglerBin = createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js");
/**
 * wrangler's CLI with the flags its launcher (bin/wrangler.js) adds: a session runs it directly, since the launcher
 * is a second Node process (44 MB) that only waits on it. A young generation of 4 MB instead of 16 (ADR 0110).
 */
const wranglerCli = ["--no-warnings", "--experimental-vm-modules", "--max-semi-space-size=4", join(dirname(wranglerBin), "../wrangler-dist/cli.js")];

export function readBuildId(dir: string): string {
  const file = join(ROOT, dir, "dist/BUILD_ID");
  if (!existsSync(file)) throw new Error(`${dir} is not built (no ${file}); run npm run build`);
  return readFileSync(file, "utf8").trim();
}

/** The shell's entry script and start-up chunks (shell/dist/entry.json) as the gateway's vars. */
function shellVars(): Record<string, string> {
  const entry = JSON.parse(readFileSync(join(ROOT, "shell/dist/entry.json"), "utf8")) as { scripts: string[]; preloads: string[] };
  if (entry.scripts.length !== 1) throw new Error("shell/dist/entry.json must name exactly one entry script");
  return { SHELL_BUILD_ID: readBuildId("shell"), SHELL_ENTRY: entry.scripts[0] as string, SHELL_PRELOADS: entry.preloads.join(",") };
}

/** Vars only a local session has: `.dev.vars` is read by `wrangler dev` and never uploaded by a deploy. */
const DEV_ONLY_VARS = { [LOCAL_DEV_VAR]: "on" };

/**
 * The search backend's settings (ADR 0035) as this process's environment gives them: `SEARCH_BACKEND=algolia
 * ALGOLIA_APP_ID=… npm start` runs the platform on Algolia. mf-search gets them all (the keys are its secrets), the
 * gateway only what its Content-Security-Policy needs.
 */
const SEARCH_BACKEND_VARS = ["SEARCH_BACKEND", "ALGOLIA_APP_ID", "ALGOLIA_HOSTS", "ALGOLIA_INDEX", "ALGOLIA_SEARCH_KEY", "ALGOLIA_WRITE_KEY"] as const;
const GATEWAY_SEARCH_VARS = new Set(["SEARCH_BACKEND", "ALGOLIA_APP_ID", "ALGOLIA_HOSTS"]);
function searchBackendVars(worker: WorkerName): Record<string, string> {
  const names = SEARCH_BACKEND_VARS.filter((name) => worker === "mf-search" || (worker === "edge" && GATEWAY_SEARCH_VARS.has(name)));
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

/**
 * `--var` reaches only a session's first config, so each Worker's build ids go in its own .dev.vars
 * (read per config folder, git-ignored). Written after every build for the packages that are built.
 */
export function writeDevVars(): void {
  const isBuilt = (dir: string) => existsSync(join(ROOT, dir, "dist/BUILD_ID"));
  const vars: [WorkerName, Record<string, string>][] = [
    ...(isBuilt("shell") ? [["edge", { ...shellVars(), ...DEV_ONLY_VARS, ...searchBackendVars("edge") }] as [WorkerName, Record<string, string>]] : []),
    ...remotes.filter(isBuilt).map((name): [WorkerName, Record<string, string>] => [name, { BUILD_ID: readBuildId(name), ...DEV_ONLY_VARS, ...searchBackendVars(name) }]),
  ];
  for (const [name, values] of vars) {
    writeFileSync(join(ROOT, name, ".dev.vars"), Object.entries(values).map(([k, v]) => `${k}=${v}\n`).join(""));
  }
}

/** `stopping` is set before a deliberate stop, so the supervisor tells a stop from a crash. */
export type Session = { label: string; workers: WorkerName[]; pid: number; port: number; process?: ChildProcess; stopping?: boolean };

/** Start one `wrangler dev` session for these Workers (the first one answers on the port) and wait until it serves. */
export async function startSession(label: string, workers: WorkerName[], port: number): Promise<Session> {
  ensurePatched(miniflareAssetsPatch);
  ensurePatched(inspectorProxyPatch);
  ensurePatched(workerdV8FlagsPatch);
  ensurePatched(serveDirectPatch);
  // Each Worker from a bundle built once, unless PLATFORM_WATCH=1 asks for wrangler's watch (ADR 0110).
  const configPaths = watchesSources()
    ? workers.map((name) => join(ROOT, name, "wrangler.jsonc"))
    : await prebuildWorkers({ root: ROOT, label, workers, wranglerBin, env: wranglerEnv });
  const configs = configPaths.flatMap((config) => ["-c", config]);
  const args = [
    ...wranglerCli, "dev", ...configs, "--ip", "127.0.0.1", "--port", String(port),
    "--inspector-port", String(inspectorPort(port)), "--persist-to", STATE_DIR,
    "--show-interactive-dev-session=false", "--log-level", "warn",
  ];
  return startRecorded({ label, workers, port }, args, wranglerEnv, async (session, logFile) => {
    await waitUntilServing(session, logFile);
    // The local Images binding's work yields the machine to the pages (ADR 0112).
    keepImagesBehindPages(session.pid);
  });
}

/** A process of this checkout, recorded so `npm run stop` stops it by its PID, that must serve before this returns. */
async function startRecorded(
  named: Pick<Session, "label" | "workers" | "port">,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: (session: Session, logFile: string) => Promise<void>,
): Promise<Session> {
  const { label, port } = named;
  // A leftover process on the port would answer our health check and pass for this one.
  if (await isListening(port)) {
    throw new Error(`port ${port} is already in use: stop the other process (npm run stop), or pick another port with PLATFORM_PORT=…`);
  }
  mkdirSync(join(RUN_DIR, "logs"), { recursive: true });
  const logFile = join(RUN_DIR, "logs", `${label}.log`);
  const log = openSync(logFile, "a");
  // Its own process group (pgid = pid): stopping the group stops workerd and esbuild with it.
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", log, log], detached: true });
  if (!child.pid) throw new Error(`could not start ${label}`);
  const session: Session = { ...named, pid: child.pid, process: child };
  recordSessions([...recordedSessions().filter((s) => s.label !== label), session]);
  try {
    await ready(session, logFile);
  } catch (error) {
    await stopSession(session);
    throw error;
  }
  return session;
}

/** The demo's photo origin (ADR 0094): its port, beside the platform's. */
export const DEMO_PHOTOS_PORT = PLATFORM_PORT + DEMO_PHOTO_ORIGIN_OFFSET;
export const DEMO_PHOTOS_LABEL = "demo-photos";

/**
 * The demo's photo origin as a recorded session (scripts/demo-photos/serve.ts): started before the build, so its
 * rendering of the demo's pictures overlaps the build and the platform's start; `npm run stop` stops it by its PID.
 */
export function startDemoPhotoOrigin(): Promise<Session> {
  // tsx as node's loader, not its CLI (a second Node process that only waits on this one); libvips' threads share two
  // glibc arenas, as in wrangler's Node (ADR 0110).
  const args = ["--import", "tsx", join(ROOT, "scripts/demo-photos/serve.ts"), "--port", String(DEMO_PHOTOS_PORT)];
  const env = { ...process.env, PLATFORM_PORT: String(PLATFORM_PORT), MALLOC_ARENA_MAX: wranglerEnv.MALLOC_ARENA_MAX };
  return startRecorded({ label: DEMO_PHOTOS_LABEL, workers: [], port: DEMO_PHOTOS_PORT }, args, env, async (session, logFile) => {
    const until = Date.now() + 30_000;
    while (Date.now() < until && !leaderEnded(session.pid)) {
      if (await fetch(`http://127.0.0.1:${session.port}/healthz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the demo photo origin did not start on port ${session.port}. See ${logFile}`);
  });
}

/** The gateway with every remote except those left out (a squad runs its own alone). */
export function startPlatform(options: { without?: RemoteName[] } = {}): Promise<Session> {
  const included = remotes.filter((name) => !options.without?.includes(name));
  return startSession("platform", ["edge", ...included], PLATFORM_PORT);
}

/** One remote as its own session, found by the platform's gateway through the dev registry. */
export function startRemoteAlone(name: RemoteName): Promise<Session> {
  return startSession(name, [name], lonePort(name));
}

async function isListening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/** What the session's first Worker (or the demo's photo origin) answers when it runs. */
function healthPath(session: Pick<Session, "workers">): string {
  const first = session.workers[0];
  return first === undefined || first === "edge" ? "/healthz" : "/health";
}

/** Healthy means the first Worker answers and every Worker of the session serves its own client build. */
async function waitUntilServing(session: Session, logFile: string, timeoutMs = 90_000): Promise<void> {
  const base = `http://127.0.0.1:${session.port}`;
  const checks = [
    healthPath(session),
    ...session.workers.filter((name) => name !== "edge").map((name) => `/_mf/${name}/latest/mf-manifest.json`),
  ];
  const until = Date.now() + timeoutMs;
  let exited = false;
  session.process?.once("exit", () => {
    exited = true;
  });
  let pending = checks;
  while (Date.now() < until && !exited && pending.length) {
    const results = await Promise.all(
      pending.map((path) => fetch(base + path, { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false)),
    );
    pending = pending.filter((_, i) => !results[i]);
    if (pending.length) await new Promise((r) => setTimeout(r, 250));
  }
  if (!pending.length) return;
  const why = exited ? "wrangler exited" : `still failing after ${timeoutMs / 1000} s: ${pending.join(", ")}`;
  throw new Error(`${session.label} (${session.workers.join(", ")}) did not start: ${why}. See ${logFile}`);
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stop a session's process group by the PID we started, gently first; the port is free afterwards. */
export async function stopSession(session: Pick<Session, "label" | "pid" | "port">): Promise<void> {
  recordSessions(recordedSessions().map((s) => (s.pid === session.pid ? { ...s, stopping: true } : s)));
  if (groupAlive(session.pid)) {
    process.kill(-session.pid, "SIGINT");
    for (let i = 0; i < 40 && groupAlive(session.pid); i++) await new Promise((r) => setTimeout(r, 250));
    if (groupAlive(session.pid)) process.kill(-session.pid, "SIGKILL");
  }
  for (let i = 0; i < 40 && (await isListening(session.port)); i++) await new Promise((r) => setTimeout(r, 250));
  recordSessions(recordedSessions().filter((s) => s.pid !== session.pid));
}

/** Last resort when this process is exiting and cannot wait: kill what it started. */
export function killSessionsNow(sessions: Pick<Session, "pid">[]): void {
  for (const { pid } of sessions) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

function recordSessions(sessions: Session[]): void {
  mkdirSync(RUN_DIR, { recursive: true });
  // Written aside and renamed: a stop reading at the same moment sees the old list or the new, never half a file.
  const partial = `${SESSIONS_FILE}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(sessions.map(({ label, workers, pid, port, stopping }) => ({ label, workers, pid, port, stopping })), null, 2));
  renameSync(partial, SESSIONS_FILE);
}

function readSessionsFile(): Session[] {
  return existsSync(SESSIONS_FILE) ? (JSON.parse(readFileSync(SESSIONS_FILE, "utf8")) as Session[]) : [];
}

/** Sessions started from this checkout that still run (a record whose process is gone is dropped). */
export function recordedSessions(): Session[] {
  return readSessionsFile().filter((s) => groupAlive(s.pid));
}

/**
 * The session's own `wrangler dev` process has ended: gone, or a zombie nobody reaped (its workerd may outlive it in
 * the group, but the port it served is closed).
 */
function leaderEnded(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** Why the supervisor restarted a session: its process ended, or it ran and answered nothing (HealthWatch). */
export type Restart = { label: string; cause: "exited" | "hung"; exitedAt: Date; restartedAt?: Date; error?: string; logTail: string };

/**
 * Keeps the platform's session up while tests run: under load `wrangler dev` has exited mid-run (an empty
 * "✘ [ERROR]", then an esbuild deadlock) and every later test met a closed port. A recorded session whose process
 * ended without stopSession marking it is started again with the same Workers on the same port; each restart is
 * reported through `report` as it happens and kept in `restarts`. A session that answered its health check and then
 * answered nothing for HUNG_AFTER_MS is killed and started again the same way (ADR 0125). A test may stop and start
 * sessions itself (tests/support/workers.ts): those stops are marked, so they are never taken for a crash. Their
 * isolates are collected each minute, as under npm start (ADR 0129).
 */
export function superviseSessions(report: (line: string) => void, everyMs = 2000): { restarts: Restart[]; stop: () => Promise<void> } {
  const restarts: Restart[] = [];
  const health = new HealthWatch();
  let restarting: Promise<void> | null = null;
  let stopped = false;
  // Sessions a test is not stopping on purpose (tests/support/workers.ts marks those).
  const running = () => readSessionsFile().filter((s) => !s.stopping);
  const check = () => {
    if (restarting || stopped) return;
    const sessions = running();
    const crashed = sessions.find((s) => leaderEnded(s.pid));
    if (crashed) {
      restarting = restart(crashed, "exited", "exited by itself", "").finally(() => (restarting = null));
      return;
    }
    for (const session of sessions) health.probe(String(session.pid), `http://127.0.0.1:${session.port}${healthPath(session)}`);
    for (const session of sessions) {
      const silentMs = health.silentFor(String(session.pid));
      if (silentMs === undefined) continue;
      // Each process's CPU time, for the report: a livelocked workerd's is most of the silence.
      const processes = `Its processes:\n${describeSessionProcesses(session)}\n`;
      restarting = restart(session, "hung", `answered no ${healthPath(session)} for ${Math.round(silentMs / 1000)} s`, processes).finally(() => (restarting = null));
      return;
    }
  };
  const restart = async (session: Session, cause: Restart["cause"], why: string, processes: string) => {
    const logFile = join(RUN_DIR, "logs", `${session.label}.log`);
    // The last lines that say something (workerd's stack addresses say nothing), shortened.
    const lines = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n") : [];
    const logTail = lines.filter((line) => line.trim() && !line.trim().startsWith("stack:")).slice(-8).map((line) => `    ${line.slice(0, 240)}`).join("\n");
    const event: Restart = { label: session.label, cause, exitedAt: new Date(), logTail };
    restarts.push(event);
    report(`\n✘ PLATFORM DOWN: the ${session.label} session (wrangler dev, pid ${session.pid}) ${why} at ${event.exitedAt.toISOString()}; tests from then until it is back fail on ${session.port}. ${processes}Its log (${logFile}) ends:\n${logTail}\n  Restarting it…`);
    killSessionsNow([session]);
    recordSessions(readSessionsFile().filter((s) => s.pid !== session.pid));
    for (let i = 0; i < 40 && (await isListening(session.port)); i++) await new Promise((r) => setTimeout(r, 250));
    try {
      const again = session.label === DEMO_PHOTOS_LABEL ? await startDemoPhotoOrigin() : await startSession(session.label, session.workers, session.port);
      event.restartedAt = new Date();
      report(`✔ PLATFORM RESTARTED: ${session.label} serves again (pid ${again.pid}) at ${event.restartedAt.toISOString()}, ${Math.round((event.restartedAt.getTime() - event.exitedAt.getTime()) / 1000)} s after it was found ${cause}.`);
    } catch (error) {
      event.error = (error as Error).message;
      report(`✘ PLATFORM RESTART FAILED: ${event.error}`);
    }
  };
  const timer = setInterval(check, everyMs);
  const stopCollecting = collectIsolatesEvery(running);
  return {
    restarts,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      stopCollecting();
      await restarting;
    },
  };
}

export async function stopAllSessions(): Promise<void> {
  for (const session of recordedSessions().reverse()) await stopSession(session);
}
