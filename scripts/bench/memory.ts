import { readdirSync, readFileSync } from "node:fs";
import type { Session } from "../stack";

/** RSS and PSS (KB) of every process in a session's process group: launcher, wrangler, esbuild, workerd. */
export function sessionMemory(session: Pick<Session, "pid">): { processes: number; rssKb: number; pssKb: number } {
  let processes = 0;
  let rssKb = 0;
  let pssKb = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of /proc/PID/stat is the process group (after the parenthesised command name).
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const pgid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgid !== session.pid) continue;
      const rollup = readFileSync(`/proc/${entry}/smaps_rollup`, "utf8");
      processes++;
      rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // the process ended while we looked
    }
  }
  return { processes, rssKb, pssKb };
}
