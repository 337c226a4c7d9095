import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRemoteConfig } from "./remote-config";
import { runBuild } from "./run-build";

const fixtureDir = join(import.meta.dirname, "fixtures/mf-fixture");
const distDir = mkdtempSync(join(tmpdir(), "mf-build-"));
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

function buildFixture(buildId: string) {
  return runBuild(
    createRemoteConfig({ packageDir: fixtureDir, distDir, buildId, exposes: { "./Greeting": "./src/Greeting.tsx" } }),
  );
}

describe("remote build", () => {
  it("writes a manifest under the build id and keeps an older build beside a newer one", async () => {
    await buildFixture("build-a");
    await buildFixture("build-b");

    for (const id of ["build-a", "build-b"]) {
      const manifest = JSON.parse(readFileSync(join(distDir, "client", id, "mf-manifest.json"), "utf8"));
      expect(manifest.metaData.publicPath).toBe(`/_mf/mf-fixture/${id}/`);
      expect(manifest.exposes.map((e: { path: string }) => e.path)).toEqual(["./Greeting"]);
      const shared = Object.fromEntries(
        manifest.shared.map((s: { name: string; version: string; singleton: boolean }) => [s.name, s]),
      );
      expect(shared.react).toMatchObject({ version: "19.3.1", singleton: true });
      expect(shared.jotai).toMatchObject({ version: "2.20.3", singleton: true });
      expect(shared["@dealer/shared/atoms"]).toMatchObject({ singleton: true });
      expect(existsSync(join(distDir, "client", id, manifest.metaData.remoteEntry.name))).toBe(true);
    }
    expect(readFileSync(join(distDir, "BUILD_ID"), "utf8").trim()).toBe("build-b");
    expect(JSON.parse(readFileSync(join(distDir, "client/latest.json"), "utf8"))).toEqual({ buildId: "build-b" });
    expect(readdirSync(join(distDir, "client")).sort()).toEqual(["build-a", "build-b", "latest.json"]);
  }, 60_000);
});
