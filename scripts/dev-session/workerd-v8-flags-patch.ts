import { createRequire } from "node:module";
import type { SourcePatch } from "./source-patch";

/**
 * V8 flags for the local workerd processes: miniflare builds workerd's config without its `v8Flags`, and neither it
 * nor wrangler has an option for them. A young generation of at most 2 MB a semi-space, as wrangler's own Node
 * runs with 4 (ADR 0110): each busy isolate had grown its own to tens of MB, and the whole process held about
 * 350 MB of V8 heap committed and unused after a mixed load (ADR 0117).
 */
export const WORKERD_V8_FLAGS = ["--max-semi-space-size=2"];

export const workerdV8FlagsPatch: SourcePatch = {
  what: "the V8 flags in miniflare's workerd config",
  file: () => createRequire(import.meta.url).resolve("miniflare"),
  replacements: [
    [
      `      extensions,
      structuredLogging: this.#structuredWorkerdLogs
    };`,
      `      extensions,
      structuredLogging: this.#structuredWorkerdLogs,
      v8Flags: ${JSON.stringify(WORKERD_V8_FLAGS)} // dealer platform, ADR 0117
    };`,
    ],
  ],
};
