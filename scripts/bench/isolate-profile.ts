import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { PLATFORM_PORT, recordedSessions } from "../stack";
import { isolateInspectorUrl } from "./workerd-inspector";

/** An isolate by its inspector id (core:user:mf-search, d1:db:…, r2:bucket:…, images:IMAGES): the listing's own names. */
async function targetUrl(id: string): Promise<string> {
  const base = new URL((await isolateInspectorUrl(platform as never, "mf-search")).replace("ws://", "http://"));
  const list = (await (await fetch(`http://${base.host}/json`)).json()) as { id: string; webSocketDebuggerUrl: string }[];
  const found = list.find((entry) => entry.id === id) ?? list.find((entry) => entry.id.startsWith(id));
  if (!found) throw new Error(`no isolate ${id}`);
  return found.webSocketDebuggerUrl;
}

/**
 * CPU profiles of several isolates of the Workers' workerd at once (ADR 0119), written as .cpuprofile files (DevTools
 * opens them), and each isolate's longest runs of samples (its stretches on workerd's one thread) with the functions
 * in them. Isolates by their inspector ids: core:user:mf-search, d1:db (miniflare's D1 object), r2:bucket, images:IMAGES.
 * With `npm run bench:photos -- --no-heap` beside it (the bench's heap readings otherwise hold mf-search's inspector):
 *   PLATFORM_PORT=8811 npx tsx scripts/bench/isolate-profile.ts --workers core:user:mf-search,d1:db,r2:bucket --seconds 45
 */
const { values: options } = parseArgs({
  options: {
    workers: { type: "string", default: "core:user:mf-search" },
    seconds: { type: "string", default: "20" },
    interval: { type: "string", default: "200" },
    out: { type: "string", default: "/tmp/photo-profile" },
  },
});
const platform = recordedSessions().find((session) => session.label === "platform");
if (!platform) throw new Error(`no platform on ${PLATFORM_PORT}`);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

async function profile(worker: string): Promise<Profile> {
  const socket = new WebSocket(await targetUrl(worker));
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      pending.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: Number(options.interval) });
  await send("Profiler.start");
  await new Promise((resolve) => setTimeout(resolve, Number(options.seconds) * 1000));
  const { profile } = (await send("Profiler.stop")) as { profile: Profile };
  socket.close();
  return profile;
}

/** Runs of samples no further apart than `gapUs`: what the isolate did in one stretch on the thread. */
function turns(p: Profile, gapUs: number) {
  const byId = new Map(p.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of p.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = (id: number) => {
    const names: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame && frame.functionName !== "(root)") names.push(`${frame.functionName || "(anon)"}@${frame.url.split("/").pop()}:${frame.lineNumber}`);
    }
    return names;
  };
  const runs: { start: number; end: number; samples: number; tops: Map<string, number> }[] = [];
  let t = p.startTime;
  let current: (typeof runs)[number] | null = null;
  p.samples.forEach((sample, i) => {
    t += p.timeDeltas[i] ?? 0;
    const frame = byId.get(sample)?.callFrame.functionName;
    if (frame === "(idle)") return;
    if (!current || t - current.end > gapUs) {
      current = { start: t, end: t, samples: 0, tops: new Map() };
      runs.push(current);
    }
    current.end = t;
    current.samples++;
    // The stack's frames, leaf first: each frame counted once a sample.
    for (const name of new Set(stackOf(sample).slice(0, 12))) current.tops.set(name, (current.tops.get(name) ?? 0) + 1);
  });
  return runs;
}

const workers = (options.workers ?? "").split(",");
const profiles = await Promise.all(workers.map(profile));
workers.forEach((worker, i) => {
  const p = profiles[i] as Profile;
  writeFileSync(`${options.out}-${worker.replaceAll(':', '_')}.cpuprofile`, JSON.stringify(p));
  const runs = turns(p, 3 * Number(options.interval));
  const busyMs = runs.reduce((sum, run) => sum + (run.end - run.start) / 1000, 0);
  console.log(`\n${worker}: ${p.samples.length} samples over ${((p.endTime - p.startTime) / 1e6).toFixed(1)} s, ${runs.length} runs, ${busyMs.toFixed(0)} ms in runs`);
  for (const run of [...runs].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 25)) {
    const tops = [...run.tops].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name, n]) => `${name} ${n}`);
    console.log(`  ${((run.end - run.start) / 1000).toFixed(1).padStart(6)} ms at +${((run.start - p.startTime) / 1e6).toFixed(2)} s, ${run.samples} samples: ${tops.join(" | ")}`);
  }
});
