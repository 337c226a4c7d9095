import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { remotes } from "./stack";

/**
 * Each remote's own import graph (issue 31, ADR 0069): no file imports itself round a circle, and no folder of a
 * remote's src imports from a folder that imports it back, directly or round a circle (a folder's files may only
 * reach "down"). A top-level file (worker.ts, env.ts) counts as a folder of its own. Type-only imports count: they
 * tie the files together as much. Tests are not shipped and are left out.
 */
const ROOT = resolve(import.meta.dirname, "..");
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (entry === "node_modules" || entry === "dist") return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !/^test-/.test(entry) ? [full] : [];
  });
}

/** Import specifiers of a source file (static, dynamic and re-exports). */
const importsOf = (source: string) => [...source.matchAll(SPECIFIER)].map((match) => match[1] as string);

/** The file graph of one src folder: file -> the files of the same folder it imports (relative paths). */
function fileGraph(src: string): Map<string, string[]> {
  const files = sourceFiles(src).map((file) => relative(src, file));
  const known = new Set(files);
  const target = (from: string, spec: string) => {
    const base = normalize(join(dirname(from), spec));
    return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base].find((candidate) => known.has(candidate));
  };
  return new Map(
    files.map((file) => [
      file,
      importsOf(readFileSync(join(src, file), "utf8"))
        .filter((spec) => spec.startsWith("."))
        .flatMap((spec) => target(file, spec) ?? []),
    ]),
  );
}

/** The strongly connected parts of more than one node (Tarjan): each is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

/** The folder graph: a top-level folder (or top-level file) -> the others its files import. */
function folderGraph(files: Map<string, string[]>): Map<string, string[]> {
  const unit = (file: string) => file.split("/")[0] as string;
  const folders = new Map<string, Set<string>>();
  for (const [file, imports] of files) {
    const from = folders.get(unit(file)) ?? new Set<string>();
    for (const imported of imports) if (unit(imported) !== unit(file)) from.add(unit(imported));
    folders.set(unit(file), from);
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets].sort()]));
}

/**
 * Circles other remotes had when the check came (issue 31 fixed mf-forms' and built mf-dealer without any): listed
 * so a new circle anywhere fails, and so removing one of these fails too until this list says so.
 */
const KNOWN_FILE_CIRCLES: Record<string, string[][]> = {
  "mf-vehicle": [
    ["fragments/vehicle-detail/StickyBars.tsx", "fragments/vehicle-detail/StickyHeader.tsx"],
    ["fragments/vehicle-detail/viewer/Fullscreen.tsx", "fragments/vehicle-detail/viewer/Gallery.tsx"],
  ],
};
const KNOWN_FOLDER_CIRCLES: Record<string, string[][]> = { "mf-search": [["env.ts", "search-backend", "stock"]] };

describe("import graph of each remote", () => {
  it("finds a circle, and the folders that reach back up, in a made-up remote", () => {
    const graph = new Map([
      ["a/one.ts", ["b/two.ts"]],
      ["b/two.ts", ["a/three.ts"]],
      ["a/three.ts", []],
      ["c/four.ts", ["c/five.ts"]],
      ["c/five.ts", ["c/four.ts"]],
    ]);
    expect(circles(graph)).toEqual([["c/five.ts", "c/four.ts"]]);
    expect(circles(folderGraph(graph))).toEqual([["a", "b"]]);
    expect(importsOf(`import type { A } from "./a";\nexport * from "../b";\nconst c = await import("./c");\nimport "./d";`)).toEqual(["./a", "../b", "./c", "./d"]);
  });

  it.each(remotes)("%s: no file imports itself round a circle", (remote) => {
    expect(circles(fileGraph(join(ROOT, remote, "src")))).toEqual(KNOWN_FILE_CIRCLES[remote] ?? []);
  });

  it.each(remotes)("%s: no folder imports from a folder that imports it back", (remote) => {
    expect(circles(folderGraph(fileGraph(join(ROOT, remote, "src"))))).toEqual(KNOWN_FOLDER_CIRCLES[remote] ?? []);
  });

  it.each(remotes)("%s: no import reaches another remote's folder (a remote's exposed module is its only public surface)", (remote) => {
    const src = join(ROOT, remote, "src");
    const offenders = sourceFiles(src).flatMap((file) =>
      importsOf(readFileSync(file, "utf8")).flatMap((spec) => {
        const target = spec.startsWith(".") ? relative(ROOT, resolve(dirname(file), spec)) : spec;
        const other = remotes.find((name) => name !== remote && (target === name || target.startsWith(`${name}/`) || target.startsWith(`@dealer/${name}`)));
        return other ? [`${relative(ROOT, file)} imports ${spec}`] : [];
      }),
    );
    expect(offenders).toEqual([]);
  });
});
