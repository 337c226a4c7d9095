import type { SlotMarker } from "@dealer/shared/fragment";

// Type-checked against the contract without importing it at run time (that module pulls in zod).
const FRAGMENT_STYLESHEET: (typeof import("@dealer/shared/fragment"))["FRAGMENT_STYLESHEET"] = "fragments.css";

/**
 * The head carries the styles of every remote the gateway could reach; a fallback slot of a remote
 * it could not gets them here, once the remote has answered, so a dead remote costs no failing request. Only a
 * fallback slot and the Email Us dialog need this: it loads with them, not at start.
 */
export function linkFragmentStyles(el: HTMLElement, marker: Pick<SlotMarker, "remote" | "build">): void {
  const href = `/_mf/${marker.remote}/${marker.build}/${FRAGMENT_STYLESHEET}`;
  if (document.querySelector(`[data-styles="${marker.remote}"], link[rel="stylesheet"][href="${href}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  el.before(link);
}
