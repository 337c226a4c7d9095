import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pruneBuilds } from "./prune-builds";

function clientDirWith(builds: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "prune-"));
  builds.forEach((name, index) => {
    mkdirSync(join(dir, name));
    const time = new Date(Date.UTC(2026, 0, 1, 0, index));
    utimesSync(join(dir, name), time, time);
  });
  writeFileSync(join(dir, "latest.json"), "{}");
  return dir;
}

describe("pruneBuilds", () => {
  it("keeps the newest five build folders and loose files", () => {
    const dir = clientDirWith(["b1", "b2", "b3", "b4", "b5", "b6", "b7"]);
    expect(pruneBuilds(dir, "b7").sort()).toEqual(["b1", "b2"]);
    expect(readdirSync(dir).sort()).toEqual(["b3", "b4", "b5", "b6", "b7", "latest.json"]);
  });

  it("never removes the current build, even when it is not the newest", () => {
    const dir = clientDirWith(["old", "b2", "b3", "b4", "b5", "b6"]);
    pruneBuilds(dir, "old");
    expect(readdirSync(dir)).toContain("old");
    expect(readdirSync(dir).filter((name) => name !== "latest.json")).toHaveLength(5);
  });
});
