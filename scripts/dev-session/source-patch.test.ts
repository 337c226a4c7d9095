import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inspectorProxyPatch } from "./inspector-proxy-patch";
import { miniflareAssetsPatch } from "./miniflare-assets-patch";
import { serveDirectPatch } from "./serve-direct-patch";
import { patchState } from "./source-patch";
import { workerdV8FlagsPatch } from "./workerd-v8-flags-patch";

describe("the patches to installed packages", () => {
  it.each([miniflareAssetsPatch, inspectorProxyPatch, workerdV8FlagsPatch, serveDirectPatch])("$what still matches the installed package (when this fails, upstream changed: drop the patch if it is fixed there)", (patch) => {
    expect(["patched", "needs-patch"]).toContain(patchState(readFileSync(patch.file(), "utf8"), patch));
  });

  it("tells the three states apart", () => {
    const patch = { replacements: [["a(1)", "a(2)"], ["b(1)", "b(2)"]] as const };
    expect(patchState("a(1) b(1)", patch)).toBe("needs-patch");
    expect(patchState("a(2) b(2)", patch)).toBe("patched");
    expect(patchState("a(2) b(1)", patch)).toBe("unknown");
    expect(patchState("something else", patch)).toBe("unknown");
  });
});
