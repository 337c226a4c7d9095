import { readdirSync, readFileSync } from "node:fs";
import type { Session } from "../stack";

/** The processes of a session's process group (launcher, wrangler, esbuild, workerd): pid and command line. */
export function sessionProcesses(session: Pick<Session, "pid">): { pid: number; command: string[] }[] {
  const found: { pid: number; command: string[] }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of /proc/PID/stat is the process group (after the parenthesised command name).
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const pgid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgid !== session.pid) continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean) });
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}
