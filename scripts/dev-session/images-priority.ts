import { readdirSync } from "node:fs";
import { setPriority } from "node:os";
import { sessionProcesses } from "./session-processes";

/**
 * Locally the Images binding runs in wrangler's Node process (miniflare's, on sharp) and the pages in workerd; deployed,
 * Cloudflare runs Images and queue consumers apart from the pages, here they share the machine's cores. That Node
 * process runs at this nice (ADR 0112), so a photo feed's decoding and encoding yield the CPU to the pages. It serves
 * no page: wrangler's dev proxy (in workerd) sends it a log line a request without waiting for it.
 */
export const IMAGES_NICE = 10;
/** `PLATFORM_IMAGES_NICE=0 npm start` runs the binding as before, beside the pages (to measure what this changes). */
const imagesNice = (value = process.env.PLATFORM_IMAGES_NICE) => (value && /^\d+$/.test(value) ? Math.min(19, Number(value)) : IMAGES_NICE);

const isWranglerNode = (command: string[]) => command.some((arg) => arg.endsWith("wrangler-dist/cli.js"));
const isWorkerd = (command: string[]) => Boolean(command[0]?.endsWith("workerd"));

/** Every thread of a process at `nice` (on Linux a nice is a thread's: os.setPriority takes a thread id). */
function setThreads(pid: number, nice: number, keepMain = false): void {
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`).map(Number)) {
      if (keepMain && tid === pid) continue;
      try {
        setPriority(tid, nice);
      } catch {
        // the thread ended, or raising a priority is not allowed here
      }
    }
  } catch {
    // the process ended
  }
}

/**
 * Keeps wrangler's Node process of a session at IMAGES_NICE (or PLATFORM_IMAGES_NICE) and its workerd processes at 0, checked every `everyMs`
 * until the session is gone. A thread takes the nice of the thread that starts it: libvips' threads, started by sharp's
 * pool threads, come lowered. miniflare starts a new workerd from Node's main thread on every reload, so a workerd
 * comes lowered too, and the next check raises it back, which needs the right to raise a priority (root, as on the
 * project's machines and CI). Without that right, Node's main thread is left at 0 (it does about half of the binding's
 * work: parsing the multipart bodies) so that no workerd is ever lowered.
 */
export function keepImagesBehindPages(sessionPid: number, everyMs = 2000): void {
  const nice = imagesNice();
  if (!nice) return;
  const mayRaise = process.getuid?.() === 0;
  const check = () => {
    const processes = sessionProcesses({ pid: sessionPid });
    if (!processes.length) {
      clearInterval(timer);
      return;
    }
    for (const { pid, command } of processes) {
      if (isWranglerNode(command)) setThreads(pid, nice, !mayRaise);
      else if (isWorkerd(command) && mayRaise) setThreads(pid, 0);
    }
  };
  const timer = setInterval(check, everyMs);
  timer.unref();
  check();
}
