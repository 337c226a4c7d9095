import { createRequire } from "node:module";
import type { SourcePatch } from "./source-patch";

/**
 * V8 flags for the local workerd processes: miniflare builds workerd's config without its `v8Flags`, and neither it
 * nor wrangler has an option for them. The patched config reads them from wrangler's environment
 * (`PLATFORM_WORKERD_V8_FLAGS`, space-separated, set by scripts/stack.ts), so a change of value needs no new patch and
 * a benchmark can compare values on fresh platforms (ADR 0121).
 */
export const WORKERD_V8_FLAGS_VAR = "PLATFORM_WORKERD_V8_FLAGS";

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
      v8Flags: (process.env.${WORKERD_V8_FLAGS_VAR} ?? "").split(" ").filter(Boolean) // dealer platform, ADR 0121
    };`,
    ],
  ],
};
