import type { ShellState } from "@dealer/shared/atoms";
import { type FragmentRequest, type RemoteName, stylesheetTag } from "@dealer/shared/fragment";
import { countInsight, INSIGHT_MAX_CARS, insightDay } from "@dealer/shared/insights";
import type { GatewayEnv } from "../env";
import { slotTimeoutMs } from "../env";
import type { RoutePlan, SlotPlan } from "../routes/slot-plans";
import { type DocumentParts, documentEnd, documentStart, pathWithoutQuery } from "./document";
import { fetchSlot, type KeepScope } from "./fetch-slot";
import type { KeptPageSlot } from "./page-cache";
import { headAssetsFor, noteSlotBuild, type RemoteHeadAssets, shellCss, shellPreloads } from "./head-assets";

/** What a route decides about its page; the head's assets are the gateway's business. */
export type PageParts = Omit<DocumentParts, "shellCss" | "styles" | "preloadScripts">;
type WaitUntil = (promise: Promise<unknown>) => void;

/**
 * What a slot's fragment is sent. A slot that says what it reads (`SlotPlan.reads`, ADR 0114) gets those params
 * alone and the path without its query: its markup cannot depend on anything else, so the request is also the key
 * its markup is kept under (fetch-slot.ts), and a tracking parameter is no new render.
 */
export function fragmentRequestFor(state: ShellState, plan: SlotPlan, page: { path: string; origin: string }, params: Record<string, string>): FragmentRequest {
  const { reads } = plan;
  return {
    site: state.site,
    config: state.config,
    session: state.session,
    slot: plan.slot,
    path: reads ? pathWithoutQuery(page.path) : page.path,
    origin: page.origin,
    params: { ...(reads ? Object.fromEntries(reads.flatMap((name) => (Object.hasOwn(params, name) ? [[name, params[name] as string]] : []))) : params), ...plan.params },
    hydrate: plan.hydrate ?? "load",
  };
}

/**
 * Scripts the shell needs first: its own chunks, then the entry and fragment chunks of the main
 * area's slots. The aside and anything below the fold load on approach, so they are not preloaded.
 */
export function startupScripts(env: GatewayEnv, plan: RoutePlan, assets: RemoteHeadAssets[]): string[] {
  const byRemote = new Map(assets.map((a) => [a.remote, a]));
  // Slots that hydrate on first use or sit below the fold are not start-up scripts.
  const slots = plan.slots.filter((slot) => slot.area === "main" && slot.hydrate !== "interaction" && slot.fold !== "below");
  const remoteScripts = slots.flatMap((slot) => {
    const remote = byRemote.get(slot.remote);
    return remote ? [remote.entry, ...(remote.chunksByFragment[slot.fragment] ?? [])] : [];
  });
  return [...new Set([...shellPreloads(env), ...remoteScripts])];
}

/**
 * Remotes with a slot in the first view: a main slot above the fold, or the aside (beside the main column on a
 * desktop). Only their styles are inlined in the head; a remote whose slots are all below the fold gets its
 * stylesheet linked just before its first slot, which the browser fetches while it paints what is above.
 */
export function firstViewRemotes(plan: RoutePlan): Set<RemoteName> {
  return new Set(plan.slots.filter((slot) => slot.area === "aside" || slot.fold !== "below").map((slot) => slot.remote));
}

async function headParts(env: GatewayEnv, parts: PageParts, plan: RoutePlan | null, waitUntil: WaitUntil): Promise<DocumentParts> {
  const remotes = [...new Set(plan?.slots.map((slot) => slot.remote) ?? [])];
  const [assets, css] = await Promise.all([headAssetsFor(env, remotes, waitUntil), shellCss(env)]);
  const inlined = plan ? firstViewRemotes(plan) : new Set<RemoteName>();
  return {
    ...parts,
    shellCss: css,
    styles: assets.filter(({ remote }) => inlined.has(remote)).map(({ remote, build, css }) => ({ remote, build, css })),
    preloadScripts: plan ? startupScripts(env, plan, assets) : shellPreloads(env),
  };
}

/**
 * How the page's slots may be kept (KeepScope without the page's waitUntil); `timing` (local development, the
 * `x-dev-timing` header) ends the page with a comment of where its time went, which `npm run bench` prints.
 */
export type PageKeeping = {
  scope: Omit<NonNullable<KeepScope>, "waitUntil"> | null;
  timing?: { started: number; subjectMs: number };
  /** Takes the whole page (without the timing comment) when every slot in it was kept or keepable (ADR 0087). */
  keepPage?: (html: string, slots: KeptPageSlot[], cars: readonly number[], until: number) => void;
};

/** The dev-only comment closing a page asked with DEV_TIMING_HEADER (ADR 0074). */
export const DEV_TIMING_HEADER = "x-dev-timing";
/** `page: "kept"` when the whole page was answered as kept (ADR 0087); its slots then made no service call either. */
export const timingComment = (timing: { started: number; subjectMs: number }, headMs: number, slots: { slot: string; remote: string; fragment: string; ms: number; how: string }[], page?: "kept") =>
  `<!--dev-timing ${JSON.stringify({ subjectMs: timing.subjectMs, headMs, slots, ...(page ? { page } : {}) }).replaceAll("--", "- -")}-->`;

/** Server-rendered shell markup placed among the slots: before the slot it names, else after the main slots. */
export type RenderedShellPart = { before?: string; html: string };

/**
 * The page as a stream: the head (with the route's styles inlined and its scripts preloaded) and
 * shell header go out at once; every slot is requested in parallel and written in page order as
 * it resolves (or falls back at its deadline). Each step goes out as one chunk: every write is a
 * hop through the runtime, and a page used to make a dozen small ones.
 */
export function streamComposedPage(
  env: GatewayEnv,
  ctx: { waitUntil: WaitUntil },
  parts: PageParts,
  plan: RoutePlan,
  params: Record<string, string>,
  devFault: string | undefined,
  shellParts: RenderedShellPart[],
  keeping: PageKeeping,
): ReadableStream<Uint8Array> {
  const waitUntil: WaitUntil = (promise) => ctx.waitUntil(promise);
  const deadline = Date.now() + slotTimeoutMs(env);
  const ordered = [...plan.slots.filter((s) => s.area === "main"), ...plan.slots.filter((s) => s.area === "aside")];
  const encoder = new TextEncoder();
  // An identity TransformStream is the runtime's own pipe; a ReadableStream fed from JavaScript was slower to send.
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  // The page's text as sent, for keeping it whole (ADR 0087).
  const sent: string[] | null = keeping.keepPage ? [] : null;
  const send = (html: string) => {
    sent?.push(html);
    return writer.write(encoder.encode(html));
  };

  async function write() {
    const document = await headParts(env, parts, plan, waitUntil);
    const headMs = keeping.timing ? Date.now() - keeping.timing.started : 0;
    const scope = keeping.scope && { ...keeping.scope, waitUntil };
    const hasAside = ordered.some((s) => s.area === "aside");
    const headWritten = send(documentStart(document) + (hasAside ? '<div class="layout layout--with-aside"><div class="layout-main">' : '<div class="layout">'));
    // The head is on its way before the slot requests are built: a car page asks eleven remotes, and
    // serialising those requests first kept its head waiting.
    const outcomes = ordered.map((slot) => fetchSlot(env, slot, fragmentRequestFor(parts.state, slot, parts, params), deadline, devFault, scope));
    await headWritten;
    const headBuilds = new Map(document.styles.map((s) => [s.remote, s.build]));
    const slotIds = new Set(ordered.map((s) => s.slot));
    const partsBefore = (slot: string | undefined) =>
      shellParts.filter((part) => (slot === undefined ? !part.before || !slotIds.has(part.before) : part.before === slot)).map((part) => part.html).join("");
    let trailingWritten = false;
    for (const [index, pending] of outcomes.entries()) {
      const slot = ordered[index] as SlotPlan;
      let html = "";
      if (slot.area === "aside" && ordered[index - 1]?.area !== "aside") {
        html += `${partsBefore(undefined)}</div><aside class="layout-aside" aria-label="Finance and enquiry">`;
        trailingWritten = true;
      }
      html += partsBefore(slot.slot);
      // What comes before the slot need not wait for it (a shell part, the aside's opening).
      if (html) await send(html);
      const outcome = await pending;
      // A remote whose styles the head did not inline (its slots are below the fold), or rendered by another
      // build than the head's styles (a redeploy just happened): link its own before its first slot.
      let slotHtml = "";
      if (outcome.build && headBuilds.get(slot.remote) !== outcome.build) {
        slotHtml += stylesheetTag(slot.remote, outcome.build);
        headBuilds.set(slot.remote, outcome.build);
        noteSlotBuild(env, slot.remote, outcome.build, waitUntil);
      }
      await send(slotHtml + outcome.html);
    }
    const settled = await Promise.all(outcomes);
    const timing = keeping.timing
      ? timingComment(keeping.timing, headMs, settled.map((outcome, index) => ({ slot: ordered[index]?.slot ?? "", remote: ordered[index]?.remote ?? "", fragment: ordered[index]?.fragment ?? "", ms: outcome.ms, how: outcome.kept ? "kept" : outcome.status })))
      : "";
    await send((trailingWritten ? "" : partsBefore(undefined)) + (hasAside ? "</aside></div>" : "</div>") + documentEnd(parts.state));
    if (timing) await writer.write(encoder.encode(timing));
    await writer.close();
    // The page's search results, served fresh or kept, are one queue message after the page (ADR 0070).
    const shown = [...new Set(settled.flatMap((outcome) => outcome.cars ?? []))].slice(0, INSIGHT_MAX_CARS);
    if (sent && keeping.keepPage && settled.every((outcome) => outcome.keepable)) {
      keeping.keepPage(
        sent.join(""),
        ordered.map(({ slot, remote, fragment }) => ({ slot, remote, fragment })),
        shown,
        // No longer than its oldest kept slot would have been used: what it shows of the clock stays as fresh.
        Math.min(...settled.map((outcome) => outcome.keptUntil ?? Number.POSITIVE_INFINITY)),
      );
    }
    countInsight(env.INSIGHTS_QUEUE, { site: parts.state.site.slug, kind: "search", day: insightDay(new Date()), cars: shown }, waitUntil);
  }
  ctx.waitUntil(write().catch((error) => writer.abort(error)));
  return readable;
}

/** Shell-only pages: one string, no remotes. */
export async function shellOnlyPage(env: GatewayEnv, parts: PageParts, bodyHtml: string, waitUntil: WaitUntil): Promise<string> {
  return documentStart(await headParts(env, parts, null, waitUntil)) + bodyHtml + documentEnd(parts.state);
}
