import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { SourcePatch } from "./source-patch";

/**
 * wrangler dev's inspector proxy (a Worker in its proxy workerd) attaches to the gateway's isolate, turns on the
 * Network domain and keeps every message it is sent until a DevTools window attaches, which a local platform's never
 * does: an event for each of the gateway's subrequests, held for the session's life (the proxy workerd grew to 357 MB in
 * 4 minutes of mixed load). DevTools turns the domain on itself when it attaches, so the proxy no longer does; and with
 * no DevTools, the proxy keeps the first messages (the execution contexts and scripts DevTools needs) and the last
 * thousand (ADR 0117).
 */
export const inspectorProxyPatch: SourcePatch = {
  what: "wrangler's inspector proxy: Network.enable and its message buffer",
  file: () => join(dirname(createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js")), "../wrangler-dist/InspectorProxyWorker.js"),
  replacements: [
    [
      `    this.sendRuntimeMessage(
      { method: "Network.enable", id: this.nextCounter() },
      runtime
    );
`,
      "    // Network.enable left to DevTools (dealer platform, ADR 0117)\n",
    ],
    [
      `    this.runtimeMessageBuffer.push(msg);
    this.tryDrainRuntimeMessageBuffer();`,
      `    this.runtimeMessageBuffer.push(msg);
    // With no DevTools attached: the first messages and the last thousand (dealer platform, ADR 0117)
    if (this.websockets.devtools === void 0 && this.runtimeMessageBuffer.length > 2000) {
      const firsts = (m) => m.method === "Runtime.executionContextCreated" || m.method === "Debugger.scriptParsed";
      this.runtimeMessageBuffer = [...this.runtimeMessageBuffer.filter(firsts), ...this.runtimeMessageBuffer.filter((m) => !firsts(m)).slice(-1000)];
    }
    this.tryDrainRuntimeMessageBuffer();`,
    ],
  ],
};
