import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assertValidBuildId, computeBuildId, resolveBuildId } from "./build-id";

function project() {
  const root = mkdtempSync(join(tmpdir(), "build-id-"));
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "src/a.ts"), "export const a = 1;");
  writeFileSync(
    join(root, "package-lock.json"),
    JSON.stringify({ packages: { "node_modules/react": { version: "19.3.1" } } }),
  );
  return { root, inputs: { sourceDirs: [join(root, "src")], files: [], lockfilePath: join(root, "package-lock.json"), rootDir: root } };
}

describe("build id", () => {
  it("is deterministic and changes with the sources and the locked versions", () => {
    const { root, inputs } = project();
    const first = computeBuildId(inputs);
    expect(computeBuildId(inputs)).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{12}$/);

    writeFileSync(join(root, "src/a.ts"), "export const a = 2;");
    const second = computeBuildId(inputs);
    expect(second).not.toBe(first);

    writeFileSync(join(root, "package-lock.json"), JSON.stringify({ packages: { "node_modules/react": { version: "19.3.2" } } }));
    expect(computeBuildId(inputs)).not.toBe(second);
  });

  it("takes BUILD_ID from the environment and rejects unsafe ids and 'latest'", () => {
    const { inputs } = project();
    expect(resolveBuildId(inputs, { BUILD_ID: "test-2" })).toBe("test-2");
    expect(() => assertValidBuildId("latest")).toThrow();
    expect(() => assertValidBuildId("../x")).toThrow();
    expect(() => assertValidBuildId("a.b")).toThrow();
  });
});
