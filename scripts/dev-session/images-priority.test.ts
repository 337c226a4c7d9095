import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { IMAGES_NICE, keepImagesBehindPages } from "./images-priority";

/** The nice of each thread of a process (field 19 of /proc/…/stat, counted after the parenthesised name), by thread id. */
function threadNices(pid: number): Map<number, number> {
  return new Map(
    readdirSync(`/proc/${pid}/task`).map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      return [Number(tid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])];
    }),
  );
}

async function until(condition: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("the condition did not hold in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let session: ChildProcess | undefined;
let dir: string | undefined;
afterEach(() => {
  if (session?.pid) process.kill(-session.pid, "SIGKILL");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("keepImagesBehindPages", () => {
  it("lowers wrangler's Node process and keeps a workerd it starts later at 0", async () => {
    // A stand-in session: "wrangler" (Node running a wrangler-dist/cli.js) that starts a "workerd" (Node under that
    // name) from its main thread when told, as miniflare does on a reload.
    dir = mkdtempSync(join(tmpdir(), "images-priority-"));
    mkdirSync(join(dir, "wrangler-dist"));
    symlinkSync(process.execPath, join(dir, "workerd"));
    writeFileSync(
      join(dir, "wrangler-dist/cli.js"),
      `const { spawn } = require("node:child_process");
       process.stdin.on("data", () => { const child = spawn(${JSON.stringify(join(dir, "workerd"))}, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" }); console.log(child.pid); });`,
    );
    session = spawn(process.execPath, [join(dir, "wrangler-dist/cli.js")], { detached: true, stdio: ["pipe", "pipe", "ignore"] });
    const pid = session.pid as number;
    const root = process.getuid?.() === 0;

    keepImagesBehindPages(pid, 100);
    // Without the right to raise a priority, the main thread keeps 0 (a workerd it starts would take its nice).
    const lowered = () => [...threadNices(pid)].every(([tid, nice]) => nice === (tid === pid && !root ? 0 : IMAGES_NICE));
    await until(lowered);

    const workerd = new Promise<number>((resolve) => session?.stdout?.once("data", (line) => resolve(Number(String(line).trim()))));
    session.stdin?.write("reload\n");
    const workerdPid = await workerd;
    await until(() => [...threadNices(workerdPid).values()].every((nice) => nice === 0));
    expect(lowered()).toBe(true);
  });
});
