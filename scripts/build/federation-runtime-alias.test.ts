import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { federationRuntimeEsmAlias } from "./federation-runtime-alias";

describe("federationRuntimeEsmAlias", () => {
  it("points each federation runtime package's CommonJS entry at its ESM build", () => {
    const alias = federationRuntimeEsmAlias();
    const cjsEntries = Object.keys(alias).filter((key) => key.endsWith(".cjs"));
    expect(cjsEntries).toHaveLength(6);
    for (const cjs of cjsEntries) {
      expect(alias[cjs]).toMatch(/\/dist\/index\.m?js$/);
      expect(existsSync(alias[cjs] as string)).toBe(true);
    }
    expect(alias["@module-federation/runtime"]).toBe(alias["@module-federation/runtime$"]);
  });
});
