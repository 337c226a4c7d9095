import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, remotes } from "../../scripts/stack";

/**
 * The Worker bundles the running platform serves, as wrangler's esbuild wrote them: the bundle a session built once
 * (`.state/workers/{session}/{worker}`, ADR 0110), or wrangler's watch build (`PLATFORM_WATCH=1`). A module esbuild
 * wraps for lazy loading (`var init_x = __esm(...)`) must be initialised somewhere: once, with `"sideEffects": false`
 * on shared, the call to a barrel's init was dropped while its constants were still read, and every lead with a photo
 * answered 503. This finds that at the bundle, before a shopper does.
 */
function newestBundle(worker: string): string | null {
  const inside = (dir: string, file: (name: string) => string | null) =>
    existsSync(dir) ? readdirSync(dir).flatMap((name) => [file(name)].filter((path): path is string => path !== null)) : [];
  const sessions = join(ROOT, ".state/workers");
  const bundles = [
    ...inside(sessions, (session) => join(sessions, session, worker, `${worker}.js`)),
    ...inside(join(ROOT, worker, ".wrangler/tmp"), (name) => (name.startsWith("dev-") ? join(ROOT, worker, ".wrangler/tmp", name, "worker.js") : null)),
  ]
    .filter((file) => existsSync(file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return bundles[0] ?? null;
}

export function uncalledInits(source: string): string[] {
  const inits = [...source.matchAll(/var (init_[\w$]+) = __esm\(/g)].map((match) => match[1] as string);
  return inits.filter((name) => !source.includes(`${name}()`));
}

describe("Worker bundles", () => {
  for (const worker of ["edge", ...remotes]) {
    it(`${worker}: every lazily initialised module is initialised`, () => {
      const bundle = newestBundle(worker);
      expect(bundle, `${worker} has no bundle: is the platform running from this checkout?`).not.toBeNull();
      expect(uncalledInits(readFileSync(bundle as string, "utf8"))).toEqual([]);
    });
  }

  it("the check itself finds an init nobody calls", () => {
    const source = "var init_used = __esm({});\nvar init_dropped = __esm({});\ninit_used();";
    expect(uncalledInits(source)).toEqual(["init_dropped"]);
  });
});
