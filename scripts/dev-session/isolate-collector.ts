import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import WebSocket from "ws";
import type { Session } from "../stack";
import { sessionProcesses } from "./session-processes";

/**
 * The local workerd's isolates collected on a timer (ADR 0129). workerd runs V8's own tasks, the memory reducer among
 * them, only while an isolate handles a request, and V8 sizes its collections by the JavaScript heap, not by the native
 * objects (requests, responses, streams) its garbage keeps alive. So under a steady load the 66 isolates of the one
 * local process held mostly garbage and the native memory it pinned: a full collection asked through the inspector
 * each minute kept the Workers' workerd near half its size. A deployed isolate is the runtime's to collect.
 */
export const COLLECT_EVERY_MS_VAR = "PLATFORM_COLLECT_EVERY_MS";
const COLLECT_EVERY_MS_DEFAULT = 60_000;
/** An isolate answers once it next handles a request; an idle one has nothing new to collect, so it is not waited for. */
const ANSWER_WAIT_MS = 5_000;

/** TCP ports a process listens on: its socket inodes matched against /proc/net/tcp's LISTEN rows. */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (target.startsWith("socket:[")) inodes.add(target.slice(8, -1));
    } catch {
      // closed while we looked
    }
  }
  const ports: number[] = [];
  for (const table of ["tcp", "tcp6"]) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT, state 0A is LISTEN, field 9 the inode.
      if (fields[3] === "0A" && inodes.has(fields[9] ?? "")) ports.push(Number.parseInt(fields[1]?.split(":")[1] ?? "", 16));
    }
  }
  return ports;
}

/**
 * Every port the session's inspected workerd listens on: the one that runs the Workers is started with
 * --inspector-addr=localhost:0, so its inspector is one of these (the others serve the Workers).
 */
export function inspectedWorkerdPorts(session: Pick<Session, "pid">): number[] {
  const workerd = sessionProcesses(session).filter(({ command }) => command[0]?.endsWith("workerd") && command.some((arg) => arg.startsWith("--inspector-addr")));
  return workerd.flatMap(({ pid }) => {
    try {
      return listeningPorts(pid);
    } catch {
      return []; // it ended while we looked
    }
  });
}

export type InspectorTarget = { id: string; webSocketDebuggerUrl: string };

/** The isolates an inspector port lists (workerd names them `core:user:{worker}`, `d1:db`…); none for another port. */
export async function inspectorTargets(port: number): Promise<InspectorTarget[]> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(2000) });
    const list: unknown = answer.ok ? await answer.json() : [];
    return Array.isArray(list) ? list.filter((entry): entry is InspectorTarget => typeof entry?.webSocketDebuggerUrl === "string") : [];
  } catch {
    return [];
  }
}

/** Asks one isolate for a full collection; true once it answered (done), false when it did not within `waitMs`. */
export function collectIsolate(url: string, waitMs = ANSWER_WAIT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    const done = (collected: boolean) => {
      clearTimeout(timer);
      socket.terminate();
      resolve(collected);
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.on("open", () => socket.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" })));
    socket.on("message", (data) => {
      if ((JSON.parse(String(data)) as { id?: number }).id === 1) done(true);
    });
    // workerd takes one DevTools client an isolate: one a benchmark holds is left alone this round.
    socket.on("error", () => done(false));
  });
}

/** One round over every isolate of the sessions' inspected workerd: how many were asked and how many collected. */
export async function collectSessionIsolates(sessions: readonly Pick<Session, "pid">[]): Promise<{ asked: number; collected: number }> {
  const targets = (await Promise.all(sessions.flatMap(inspectedWorkerdPorts).map(inspectorTargets))).flat();
  const answers = await Promise.all(targets.map((target) => collectIsolate(target.webSocketDebuggerUrl)));
  return { asked: targets.length, collected: answers.filter(Boolean).length };
}

/**
 * Collects the running sessions' isolates every PLATFORM_COLLECT_EVERY_MS (a minute by default; 0 turns it off), a
 * round at a time. The timer never keeps the process alive.
 */
export function collectIsolatesEvery(sessions: () => readonly Pick<Session, "pid">[], everyMs = Number(process.env[COLLECT_EVERY_MS_VAR] ?? COLLECT_EVERY_MS_DEFAULT)): () => void {
  if (!(everyMs > 0)) return () => undefined;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void collectSessionIsolates(sessions())
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
