import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

describe("the demo photo origin's memory", () => {
  it("does not load sharp until it renders a picture (a later start's origin serves its cache only)", async () => {
    // A fresh Node, as npm start runs the origin: which modules did importing the origin load?
    const script = `await import(${JSON.stringify(join(import.meta.dirname, "origin.ts"))});
const { createRequire } = await import("node:module");
console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: join(import.meta.dirname, "../..") });
    const loaded = JSON.parse(stdout.trim().split("\n").at(-1) ?? "[]") as string[];
    expect(loaded.filter((file) => file.includes("/node_modules/sharp/"))).toEqual([]);
  });
});
