import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFingerprint, readPreparedState, writePreparedState } from "./prepared-state";

describe("prepared state", () => {
  it("changes its fingerprint when a migration is added or edited", () => {
    const dir = mkdtempSync(join(tmpdir(), "migrations-"));
    writeFileSync(join(dir, "0001_init.sql"), "CREATE TABLE a (id INTEGER);");
    const first = migrationsFingerprint(dir);
    writeFileSync(join(dir, "0001_init.sql"), "CREATE TABLE a (id INTEGER, b TEXT);");
    const edited = migrationsFingerprint(dir);
    writeFileSync(join(dir, "0002_more.sql"), "CREATE TABLE c (id INTEGER);");
    expect(new Set([first, edited, migrationsFingerprint(dir)]).size).toBe(3);
  });

  it("reads back what it wrote, and nothing from a folder without it", () => {
    const dir = mkdtempSync(join(tmpdir(), "state-"));
    expect(readPreparedState(dir)).toBeNull();
    const state = { migrations: "abc", sites: [{ slug: "s", name: "S" }], stockLoaded: true };
    writePreparedState(dir, state);
    expect(readPreparedState(dir)).toEqual(state);
  });
});
