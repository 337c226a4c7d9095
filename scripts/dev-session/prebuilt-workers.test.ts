import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { remotes, ROOT } from "../stack";
import { devEntry, prebuiltConfig } from "./prebuilt-workers";

describe("a Worker's config for its prebuilt bundle", () => {
  it.each(["edge", ...remotes])("%s: the same bindings, assets and rules as its own config, its main the bundle, bundling off", (worker) => {
    const original = join(ROOT, worker, "wrangler.jsonc");
    const text = readFileSync(original, "utf8");
    const bundle = join(mkdtempSync(join(tmpdir(), "test-prebuilt-")), `${worker}.js`);
    writeFileSync(bundle, "export default {};");
    // Beside the original, as the session writes it, so relative paths resolve the same.
    const generated = join(ROOT, worker, "wrangler.prebuilt-unit-test.jsonc");
    writeFileSync(generated, prebuiltConfig(text, relative(join(ROOT, worker), bundle)));
    const before = unstable_readConfig({ config: original });
    const after = unstable_readConfig({ config: generated });
    rmSync(generated);
    rmSync(join(bundle, ".."), { recursive: true });
    expect(after.no_bundle).toBe(true);
    expect(after.main && resolve(after.main)).toBe(bundle);
    for (const key of ["name", "d1_databases", "kv_namespaces", "r2_buckets", "queues", "services", "assets", "rules", "vars", "images"] as const) {
      expect(after[key], key).toEqual(before[key]);
    }
  });

  it("drains a body the Worker answered without reading, as wrangler dev does, and keeps its other handlers and exports", async () => {
    const dir = mkdtempSync(join(tmpdir(), "test-prebuilt-"));
    writeFileSync(
      join(dir, "worker.mjs"),
      'export const named = 1; export default { async fetch() { return new Response("refused", { status: 413 }); }, queue() { return "queued"; } };',
    );
    writeFileSync(join(dir, "entry.mjs"), devEntry(join(dir, "worker.mjs")));
    const entry = (await import(join(dir, "entry.mjs"))) as { named: number; default: { fetch: (r: Request) => Promise<Response>; queue: () => string } };
    const request = new Request("http://x/", { method: "POST", body: "x".repeat(100_000) });
    expect((await entry.default.fetch(request)).status).toBe(413);
    expect(request.bodyUsed).toBe(true);
    expect(entry.default.queue()).toBe("queued");
    expect(entry.named).toBe(1);
    rmSync(dir, { recursive: true });
  });

  it("refuses a config without a main", () => {
    expect(() => prebuiltConfig('{ "name": "x" }', "b.js")).toThrow(/main/);
  });
});
