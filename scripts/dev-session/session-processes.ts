import { readdirSync, readFileSync } from "node:fs";
import type { Session } from "../stack";

/** The fields of /proc/PID/stat after the parenthesised command name (field 3 onward), which may hold spaces. */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The processes of a session's process group (launcher, wrangler, esbuild, workerd): pid and command line. */
export function sessionProcesses(session: Pick<Session, "pid">): { pid: number; command: string[] }[] {
  const found: { pid: number; command: string[] }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 is the process group.
      if (Number(statFields(entry)[2]) !== session.pid) continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean) });
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** Clock ticks a second in /proc's times (USER_HZ, 100 on Linux). */
const TICKS_A_SECOND = 100;

/** CPU time (ms) a process has used so far: its utime and stime (fields 14 and 15), which keep ended threads' time. */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_A_SECOND;
}

/** One line a process of the session, with the CPU time it has used (a livelocked workerd's grows by a second a second). */
export function describeSessionProcesses(session: Pick<Session, "pid">): string {
  return sessionProcesses(session)
    .map(({ pid, command }) => {
      let cpuSeconds = Number.NaN;
      try {
        cpuSeconds = processCpuMs(pid) / 1000;
      } catch {
        // the process ended while we looked
      }
      return `    pid ${pid} ${command.slice(0, 2).join(" ").slice(-80)}: ${cpuSeconds} s of CPU`;
    })
    .join("\n");
}
