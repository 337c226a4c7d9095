import { readdirSync, readFileSync } from "node:fs";
import { processCpuMs, sessionProcesses } from "../dev-session/session-processes";
import type { Session } from "../stack";

/** RSS and PSS (KB) summed over every process of a session. */
export function sessionMemory(session: Pick<Session, "pid">): { processes: number; rssKb: number; pssKb: number } {
  let processes = 0;
  let rssKb = 0;
  let pssKb = 0;
  for (const { pid } of sessionProcesses(session)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      processes++;
      rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // the process ended while we looked
    }
  }
  return { processes, rssKb, pssKb };
}

/**
 * CPU time (ms) every thread of a session has used so far, in nanoseconds' precision: /proc's per-thread
 * schedstat, since utime and stime count 10 ms ticks, too coarse for one request's work.
 */
export function sessionCpuMs(session: Pick<Session, "pid">): number {
  let ns = 0;
  for (const { pid } of sessionProcesses(session)) {
    try {
      for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the process or thread ended while we looked
    }
  }
  return ns / 1e6;
}

/** A session's process by what it is: the Workers (workerd), wrangler's Node (miniflare, with the local Images binding on sharp), esbuild. */
const kindOf = (command: string[]) => (command[0]?.endsWith("workerd") ? "workerd" : command[0]?.endsWith("esbuild") ? "esbuild" : "node (wrangler, miniflare, Images)");

/** Each process of a session with its RSS (MB) and kind, largest first: which part of the platform holds the memory. */
export function sessionRssByProcess(session: Pick<Session, "pid">): { pid: number; kind: string; mb: number }[] {
  const rows: { pid: number; kind: string; mb: number }[] = [];
  for (const { pid, command } of sessionProcesses(session)) {
    try {
      const rssKb = Number(/^Rss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
      // wrangler dev runs two workerd: the Workers' (with an inspector for each) and its proxy (beside them, ADR 0127).
      const kind = command[0]?.endsWith("workerd")
        ? command.some((arg) => arg.startsWith("--inspector-addr"))
          ? "workerd (the Workers)"
          : "workerd (wrangler's proxy)"
        : command.some((arg) => arg.endsWith("demo-photos/serve.ts"))
          ? "node (the demo photo origin)"
          : kindOf(command);
      rows.push({ pid, kind, mb: rssKb / 1024 });
    } catch {
      // the process ended while we looked
    }
  }
  return rows.sort((a, b) => b.mb - a.mb);
}

/**
 * CPU time (ms) a session's processes have used so far, by kind: which part of the platform a load goes to. From each
 * process's utime and stime, which keep the time of threads that ended (libvips' pool threads come and go).
 */
export function sessionCpuByKind(session: Pick<Session, "pid">): Map<string, number> {
  const byKind = new Map<string, number>();
  for (const { pid, command } of sessionProcesses(session)) {
    try {
      const ms = processCpuMs(pid);
      byKind.set(kindOf(command), (byKind.get(kindOf(command)) ?? 0) + ms);
    } catch {
      // the process ended while we looked
    }
  }
  return byKind;
}
