import type { ShellState } from "@dealer/shared/atoms";
import type { FragmentRequest } from "@dealer/shared/fragment";
import type { GatewayEnv } from "../env";
import { slotTimeoutMs } from "../env";
import type { RoutePlan, SlotPlan } from "../routes/slot-plans";
import { type DocumentParts, documentEnd, documentStart } from "./document";
import { fetchSlot, lastKnownBuild } from "./fetch-slot";

export function fragmentRequestFor(state: ShellState, plan: SlotPlan, path: string, params: Record<string, string>): FragmentRequest {
  return { site: state.site, config: state.config, session: state.session, slot: plan.slot, path, params: { ...params, ...plan.params } };
}

export function manifestPreloads(plan: RoutePlan): string[] {
  const remotes = [...new Set(plan.slots.map((slot) => slot.remote))];
  // Only builds this isolate has seen: a guessed "latest" would be fetched twice.
  return remotes.flatMap((remote) => {
    const build = lastKnownBuild(remote);
    return build ? [`/_mf/${remote}/${build}/mf-manifest.json`] : [];
  });
}

/**
 * The page as a stream: the head and shell header go out at once; every slot is requested
 * in parallel and written in page order as it resolves (or falls back at its deadline).
 */
export function streamComposedPage(
  env: GatewayEnv,
  ctx: { waitUntil(promise: Promise<unknown>): void },
  parts: Omit<DocumentParts, "preloads">,
  plan: RoutePlan,
  params: Record<string, string>,
  devFault?: string,
): ReadableStream<Uint8Array> {
  const deadline = Date.now() + slotTimeoutMs(env);
  const ordered = [...plan.slots.filter((s) => s.area === "main"), ...plan.slots.filter((s) => s.area === "aside")];
  const outcomes = ordered.map((slot) => fetchSlot(env, slot, fragmentRequestFor(parts.state, slot, parts.path, params), deadline, devFault));
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();

  async function write() {
    await writer.write(encoder.encode(documentStart({ ...parts, preloads: manifestPreloads(plan) })));
    const hasAside = ordered.some((s) => s.area === "aside");
    await writer.write(encoder.encode(hasAside ? '<div class="layout layout--with-aside"><div class="layout-main">' : '<div class="layout">'));
    for (const [index, outcome] of outcomes.entries()) {
      if (ordered[index]?.area === "aside" && ordered[index - 1]?.area !== "aside") {
        await writer.write(encoder.encode('</div><aside class="layout-aside" aria-label="Finance and enquiry">'));
      }
      await writer.write(encoder.encode((await outcome).html));
    }
    await writer.write(encoder.encode(hasAside ? "</aside></div>" : "</div>"));
    await writer.write(encoder.encode(documentEnd(parts.state)));
    await writer.close();
  }
  ctx.waitUntil(write().catch((error) => writer.abort(error)));
  return readable;
}

/** Shell-only pages: one string, no remotes. */
export function shellOnlyPage(parts: Omit<DocumentParts, "preloads">, bodyHtml: string): string {
  return documentStart({ ...parts, preloads: [] }) + bodyHtml + documentEnd(parts.state);
}
