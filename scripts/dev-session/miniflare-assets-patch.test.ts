import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { miniflareSource, patchState } from "./miniflare-assets-patch";

describe("the miniflare assets patch", () => {
  it("still matches the installed miniflare (when this fails, upstream changed: drop the patch if it names the service per Worker)", () => {
    expect(["patched", "needs-patch"]).toContain(patchState(readFileSync(miniflareSource(), "utf8")));
  });

  it("tells the three states apart", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: miniflare's source text, template included
    expect(patchState("const storageServiceName = `${ASSETS_PLUGIN_NAME}:storage`;")).toBe("needs-patch");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: miniflare's source text, template included
    expect(patchState("const storageServiceName = `${ASSETS_PLUGIN_NAME}:storage:${options.assets.workerName}`;")).toBe("patched");
    expect(patchState("something else")).toBe("unknown");
  });
});
