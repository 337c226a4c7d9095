// ad hoc (not committed): CPU profiles of several workerd isolates at once for N seconds; prints self time by function.
import { writeFileSync } from "node:fs";
import WebSocket from "ws";
const [port, seconds, ...targets] = process.argv.slice(2);
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
async function profile(target: string): Promise<[string, Profile]> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/${target}`);
  await new Promise((r, j) => { ws.once("open", r); ws.once("error", j); });
  let id = 0;
  const pending = new Map<number, (v: unknown) => void>();
  ws.on("message", (d) => { const m = JSON.parse(String(d)); if (m.id && pending.has(m.id)) { pending.get(m.id)!(m.result ?? m.error); pending.delete(m.id); } });
  const send = (method: string, params = {}) => new Promise<any>((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 500 });
  await send("Profiler.start");
  await new Promise((r) => setTimeout(r, Number(seconds) * 1000));
  const { profile } = await send("Profiler.stop");
  ws.close();
  return [target, profile];
}
const results = await Promise.all(targets.map((t) => profile(t).catch((e) => [t, null] as [string, null])));
for (const [target, p] of results) {
  if (!p) { console.log(target, "no profile"); continue; }
  writeFileSync(`/tmp/ingest/${target.replace(/[^a-z0-9-]/gi, "_")}.cpuprofile`, JSON.stringify(p));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const n = byId.get(p.samples[i]!)!;
    const dt = p.timeDeltas[i] ?? 0;
    const name = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}`;
    self.set(name, (self.get(name) ?? 0) + dt);
    total += dt;
  }
  const idle = [...self].filter(([k]) => k.startsWith("(idle)")).reduce((s, [, v]) => s + v, 0);
  console.log(`\n== ${target}: ${(total / 1000).toFixed(0)} ms sampled, busy ${((total - idle) / 1000).toFixed(0)} ms`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).filter(([k]) => !k.startsWith("(idle)")).slice(0, 25)) console.log(`  ${(v / 1000).toFixed(1).padStart(8)} ms  ${k}`);
}
