import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { folderFingerprint, readPreparedState, writePreparedState } from "./prepared-state";

describe("prepared state", () => {
  it("changes its fingerprint when a file is added or edited", () => {
    const dir = mkdtempSync(join(tmpdir(), "migrations-"));
    writeFileSync(join(dir, "0001_init.sql"), "CREATE TABLE a (id INTEGER);");
    const first = folderFingerprint(dir);
    writeFileSync(join(dir, "0001_init.sql"), "CREATE TABLE a (id INTEGER, b TEXT);");
    const edited = folderFingerprint(dir);
    writeFileSync(join(dir, "0002_more.sql"), "CREATE TABLE c (id INTEGER);");
    expect(new Set([first, edited, folderFingerprint(dir)]).size).toBe(3);
  });

  it("ignores the files it is told to leave out", () => {
    const dir = mkdtempSync(join(tmpdir(), "demo-"));
    writeFileSync(join(dir, "sites.ts"), "export const a = 1;");
    const sourcesOnly = (file: string) => !file.endsWith(".test.ts");
    const before = folderFingerprint(dir, sourcesOnly);
    writeFileSync(join(dir, "sites.test.ts"), "test");
    expect(folderFingerprint(dir, sourcesOnly)).toBe(before);
  });

  it("reads back what it wrote, and nothing from a folder without it", () => {
    const dir = mkdtempSync(join(tmpdir(), "state-"));
    expect(readPreparedState(dir)).toBeNull();
    const state = { migrations: "abc", sites: [{ slug: "s", name: "S" }], stockLoaded: true };
    writePreparedState(dir, state);
    expect(readPreparedState(dir)).toEqual(state);
  });
});
