import type { SlotMarker } from "@dealer/shared/fragment";

/**
 * The browser's reader of slotOpenTag() markup. Hand-written instead of the zod schema in
 * @dealer/shared/fragment so zod stays out of the page's JavaScript.
 */
export function readSlotMarker(el: Element): SlotMarker | null {
  const slot = el.getAttribute("data-slot");
  const remote = el.getAttribute("data-remote");
  const fragment = el.getAttribute("data-fragment");
  const build = el.getAttribute("data-build");
  if (!slot || !remote || !fragment || !build) return null;
  if (!/^mf-[a-z]+$/.test(remote) || !/^[A-Za-z0-9_-]+$/.test(build) || !/^[A-Za-z0-9]+$/.test(fragment)) return null;
  return {
    slot,
    remote: remote as SlotMarker["remote"],
    fragment,
    build,
    fallback: el.getAttribute("data-fallback") === "true",
    hydrate: el.getAttribute("data-hydrate") === "interaction" ? "interaction" : "load",
  };
}

/** Props the server serialized beside a slot; undefined when absent or unreadable. */
export function readSlotProps(doc: Document, slot: string): Record<string, unknown> | undefined {
  const text = doc.getElementById(`slot-${slot}-props`)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
