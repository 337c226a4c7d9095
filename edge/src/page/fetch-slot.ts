import { DEV_FAULT_HEADER } from "@dealer/shared/dev-faults";
import { ANY_ADDRESS_DATA, BUILD_ID_HEADER, FRAGMENT_DATA_HEADER, type FragmentRequest, isRequestOnlyData, type RemoteName, SHOWN_CARS_HEADER, SLOT_CLOSE_TAG, slotOpenTag } from "@dealer/shared/fragment";
import { shownCarsFrom } from "@dealer/shared/insights";
import { readListingDataVersion } from "@dealer/shared/http";
import { type GatewayEnv, remoteBinding } from "../env";
import type { SlotPlan } from "../routes/slot-plans";
import { configFingerprint } from "./kept-bytes";
import { createSlotCache, keptSlotKeys, type SharedSlotTier } from "./slot-cache";

/** Last build each remote answered with, so the head can preload the right manifest. */
const lastBuildByRemote = new Map<RemoteName, string>();

export function lastKnownBuild(remote: RemoteName): string | undefined {
  return lastBuildByRemote.get(remote);
}

/**
 * `cars`: the search results the slot shows (SHOWN_CARS_HEADER), for the page to count (ADR 0070). `keepable`: the
 * markup was kept (until `keptUntil`), or rendered from the data the page's key names (its stock version, or the
 * request alone), so a page made of such slots may be kept whole (ADR 0087).
 */
export type SlotOutcome = { html: string; status: "rendered" | "fallback"; reason?: string; ms: number; build?: string; cars?: readonly number[]; kept?: true; keepable?: true; keptUntil?: number };

// The Cache API where the runtime has one (every Worker, and `wrangler dev`); unit tests run without it.
const slotCache = createSlotCache(Date.now, () => (typeof caches === "undefined" ? undefined : (caches as unknown as { default: SharedSlotTier }).default));

/**
 * Whether and how a page's slots may be kept: never for a draft preview or a signed-in shopper. The key holds the
 * site's config version (its locations and dealerships move it, not only its config text), and `stock` is the
 * site's listing version when the page read it itself (a car page, beside its car): a stock write shows at once.
 * `car`, the car's own version read with it, is in the keys of a car page's slots: its own photos settling (which
 * moves no listing version, ADR 0123) is a new key too.
 */
export type KeepScope = { configVersion: number; stock?: string; car?: number; waitUntil: (promise: Promise<unknown>) => void } | null;

/** The slot's markup when the server could not render it: the shell renders it in the browser. */
export function fallbackSlotHtml(plan: SlotPlan, slotId: string): string {
  const marker = {
    slot: slotId,
    remote: plan.remote,
    fragment: plan.fragment,
    build: lastKnownBuild(plan.remote) ?? "latest",
    fallback: true,
    hydrate: plan.hydrate ?? "load",
  };
  // No stylesheet here: the shell links it once the remote answers (a dead remote has none).
  return `${slotOpenTag(marker)}<div class="slot-fallback" role="status" aria-live="polite"><span class="spinner" aria-hidden="true"></span> Loading…</div>${SLOT_CLOSE_TAG}`;
}

class SlotTimeout extends Error {}

function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  const remaining = Math.max(0, deadline - Date.now());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SlotTimeout(`no answer within the slot budget`)), remaining);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Ask a remote Worker for its slot markup. Any failure (no binding, error status, timeout,
 * thrown fetch) yields the fallback so one remote never blanks the page. The whole body is
 * read under the deadline so a half-sent fragment cannot break the document.
 */
export async function fetchSlot(env: GatewayEnv, plan: SlotPlan, request: FragmentRequest, deadline: number, devFault: string | undefined, scope: KeepScope): Promise<SlotOutcome> {
  const started = Date.now();
  const fallback = (reason: string): SlotOutcome => ({
    html: fallbackSlotHtml(plan, request.slot),
    status: "fallback",
    reason,
    ms: Date.now() - started,
  });
  const body = JSON.stringify(request);
  // Only anonymous pages share kept slots (nobody's own page is held in memory), and never under a dev fault.
  const keepable = scope && request.session.userId === null && !devFault;
  // A slot that says what of the address it reads (the search) is kept under that, not the address as typed (ADR 0113);
  // one that says which params it reads (a car page's) was sent those alone, so its request is its key (ADR 0114).
  // The key holds the config's fingerprint, not its text (ADR 0126).
  const keyed = keepable ? { ...request, config: configFingerprint(request.config) } : null;
  const keyText = keyed && plan.addressKey ? JSON.stringify({ ...keyed, path: plan.addressKey(request.path, request.params), params: {} }) : JSON.stringify(keyed);
  const keys = keepable && keyed ? keptSlotKeys(`${plan.remote}/${plan.fragment}`, scope.configVersion, keyed, keyText, scope.car) : null;
  const cacheKey = keys?.exact ?? null;
  // A slot whose remote said its markup ignores the address (ANY_ADDRESS_DATA) is kept without it: a new address is no new call.
  const anyAddressKey = keys?.anyAddress ?? null;
  const kept =
    (anyAddressKey && slotCache.requestOnly(anyAddressKey)) ||
    (cacheKey && (await slotCache.get(cacheKey, request.site.slug, () => readListingDataVersion(env.DB, request.site.slug), scope?.stock)));
  if (kept) return { html: kept.html, status: "rendered", ms: Date.now() - started, build: kept.build, kept: true, keepable: true, keptUntil: kept.until, ...(kept.cars ? { cars: kept.cars } : {}) };
  const binding = remoteBinding(env, plan.remote);
  if (!binding) return fallback("remote not bound");
  try {
    const response = await withDeadline(
      binding.fetch(`https://${plan.remote}/fragments/${plan.fragment}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(devFault ? { [DEV_FAULT_HEADER]: devFault } : {}) },
        body,
      }),
      deadline,
    );
    if (!response.ok) {
      response.body?.cancel();
      return fallback(`remote answered ${response.status}`);
    }
    const build = response.headers.get(BUILD_ID_HEADER);
    if (build) lastBuildByRemote.set(plan.remote, build);
    const html = await withDeadline(response.text(), deadline);
    const data = response.headers.get(FRAGMENT_DATA_HEADER);
    const cars = shownCarsFrom(response.headers.get(SHOWN_CARS_HEADER));
    const shown = cars.length ? { cars } : {};
    if (cacheKey && anyAddressKey && data && build)
      slotCache.set(data === ANY_ADDRESS_DATA ? anyAddressKey : cacheKey, { html, build, data, ...shown }, request.site.slug, scope?.waitUntil);
    const keepable = cacheKey && build && data && (isRequestOnlyData(data) || (scope?.stock !== undefined && data === scope.stock)) ? { keepable: true as const } : {};
    return { html, status: "rendered", ms: Date.now() - started, ...(build ? { build } : {}), ...shown, ...keepable };
  } catch (error) {
    const reason = error instanceof SlotTimeout ? "timeout" : `fetch failed: ${(error as Error).message}`;
    console.warn(`[gateway] slot ${request.slot} (${plan.remote}) fell back: ${reason}`);
    return fallback(reason);
  }
}
