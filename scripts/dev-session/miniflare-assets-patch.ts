import { createRequire } from "node:module";
import type { SourcePatch } from "./source-patch";

/**
 * In one `wrangler dev` session miniflare names every Worker's static-assets disk service
 * "assets:storage", so every Worker reads the FIRST config's assets and the remotes' own client
 * builds answer 500. Naming the service per Worker fixes it (ADR 0009).
 */
export const miniflareAssetsPatch: SourcePatch = {
  what: "how miniflare names the assets service",
  file: () => createRequire(import.meta.url).resolve("miniflare"),
  replacements: [
    [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: these are miniflare's source lines, template text included
      "const storageServiceName = `${ASSETS_PLUGIN_NAME}:storage`;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: as above
      "const storageServiceName = `${ASSETS_PLUGIN_NAME}:storage:${options.assets.workerName}`;",
    ],
  ],
};
