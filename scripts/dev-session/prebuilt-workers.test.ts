import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { remotes, ROOT } from "../stack";
import { bundleFileName, prebuiltConfig } from "./prebuilt-workers";

describe("a Worker's config for its prebuilt bundle", () => {
  it.each(["edge", ...remotes])("%s: the same bindings, assets and rules as its own config, its main the bundle, bundling off", (worker) => {
    const original = join(ROOT, worker, "wrangler.jsonc");
    const text = readFileSync(original, "utf8");
    const bundle = join(mkdtempSync(join(ROOT, ".state/test-prebuilt-")), bundleFileName(text));
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

  it("names the bundle after the entry, as wrangler writes it", () => {
    expect(bundleFileName('{ "main": "src/worker.ts" }')).toBe("worker.js");
    expect(() => prebuiltConfig('{ "name": "x" }', "b.js")).toThrow(/main/);
  });
});
