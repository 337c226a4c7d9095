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

/** One line a process of the session, with the CPU time it has used (a livelocked workerd's grows by a second a second). */
export function describeSessionProcesses(session: Pick<Session, "pid">): string {
  return sessionProcesses(session)
    .map(({ pid, command }) => {
      let cpuSeconds = Number.NaN;
      try {
        // Fields 14 and 15 (utime, stime), in clock ticks: 100 a second on Linux.
        const fields = statFields(pid);
        cpuSeconds = (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        // the process ended while we looked
      }
      return `    pid ${pid} ${command.slice(0, 2).join(" ").slice(-80)}: ${cpuSeconds} s of CPU`;
    })
    .join("\n");
}
