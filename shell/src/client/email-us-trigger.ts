import { EMAIL_US_ATTRIBUTE } from "@dealer/shared/email-us";
import type { createSeededStore } from "@dealer/shared/atoms";

type Store = ReturnType<typeof createSeededStore>;
type Opener = typeof import("./email-us-dialog");

const SELECTOR = `[${EMAIL_US_ATTRIBUTE}]`;
let opener: Promise<Opener> | undefined;
/** The opener as its own chunk, so the first load carries only this listener (ADR 0021). */
function loadOpener(): Promise<Opener> {
  opener ??= import(/* webpackChunkName: "email-us" */ "./email-us-dialog").catch((error: unknown) => {
    opener = undefined;
    throw error;
  });
  return opener;
}

const triggerOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(SELECTOR) : null);

/**
 * Email Us buttons anywhere on the page (search cards, the vehicle sidebar: other remotes' markup, even
 * slots not hydrated yet) open mf-forms' dialog. Approaching a button starts loading the dialog's code;
 * a click opens it. Without this script, or if the dialog cannot load, the link goes to the inline form.
 */
export function listenForEmailUs(storeOf: () => Promise<Store>): void {
  const approach = (event: Event) => {
    const trigger = triggerOf(event);
    if (trigger) void loadOpener().then((module) => module.preloadEmailUs(trigger.getAttribute(EMAIL_US_ATTRIBUTE) ?? "")).catch(() => undefined);
  };
  document.addEventListener("pointerover", approach, { passive: true });
  document.addEventListener("focusin", approach);
  document.addEventListener("click", (event) => {
    const trigger = triggerOf(event);
    if (!trigger || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    Promise.all([loadOpener(), storeOf()])
      .then(([module, store]) => module.openEmailUs(trigger, store))
      .catch(() => window.location.assign(trigger.href));
  });
}
