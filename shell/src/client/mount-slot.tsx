import { Provider } from "jotai";
import { type ReactNode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { SlotMarker } from "@dealer/shared/fragment";
import { slotIdPrefix } from "@dealer/shared/fragment-ids";
import type { createSeededStore } from "@dealer/shared/atoms";
import { loadFragment } from "./remote-loader";
import { readSlotProps } from "./slot-marker";
import { SlotErrorBoundary } from "./SlotErrorBoundary";
import { yieldToMain } from "./yield-to-main";

type Store = ReturnType<typeof createSeededStore>;
// Only a slot the server could not render, or one whose remote failed, needs these: they load then.
const fallbackProps = () => import(/* webpackChunkName: "slot-fallback" */ "./fallback-props");
const unavailableNotice = () => import(/* webpackChunkName: "slot-fallback" */ "./unavailable-notice");
const fragmentStyles = () => import(/* webpackChunkName: "slot-fallback" */ "./fragment-styles");
export type SlotOutcome = "hydrated" | "client-rendered" | "unavailable";

/** Browser tests wait on these attributes instead of sleeping. */
const OUTCOME_ATTRIBUTES: Record<SlotOutcome, string> = {
  hydrated: "data-hydrated",
  "client-rendered": "data-client-rendered",
  unavailable: "data-unavailable",
};

/** Renders nothing; its effect runs once React has committed the slot's tree. */
function OnCommit({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

function slotTree(store: Store, marker: SlotMarker, fragment: ReactNode, done: () => void): ReactNode {
  return (
    <Provider store={store}>
      <SlotErrorBoundary slot={marker.slot}>{fragment}</SlotErrorBoundary>
      <OnCommit done={done} />
    </Provider>
  );
}

function markOutcome(el: HTMLElement, outcome: SlotOutcome): SlotOutcome {
  for (const attribute of Object.values(OUTCOME_ATTRIBUTES)) el.removeAttribute(attribute);
  el.setAttribute(OUTCOME_ATTRIBUTES[outcome], "true");
  return outcome;
}

/**
 * Hydrates a server-rendered slot, or client-renders a fallback slot, as its own React root.
 * Never throws: a remote that cannot load leaves the slot's content in place (an expected
 * condition, so console.warn), and a fallback slot gets a notice with Retry.
 */
export async function mountSlot(
  el: HTMLElement,
  marker: SlotMarker,
  store: Store,
  onRetry: () => void,
): Promise<SlotOutcome> {
  // A fallback slot's props are fetched while its code loads.
  const fallbackSlotProps = marker.fallback ? fallbackProps().then((module) => module.fetchFallbackProps(marker)) : Promise.resolve({});
  // Awaited below; if the code fails first, the catch reports that and this rejection has nothing to add.
  fallbackSlotProps.catch(() => {});
  try {
    const Fragment = await loadFragment(marker);
    if (!marker.fallback) {
      const props = readSlotProps(document, marker.slot) ?? {};
      // Each root starts in a task of its own, and hydrates as a transition: React then works in slices of a few
      // milliseconds and lets input in between, where a default-priority hydration is one long task (issue 35).
      await yieldToMain();
      await new Promise<void>((done) => {
        startTransition(() => {
          hydrateRoot(el, slotTree(store, marker, <Fragment {...props} />, done), { identifierPrefix: slotIdPrefix(marker.slot) });
        });
      });
      return markOutcome(el, "hydrated");
    }
    const [props, { linkFragmentStyles }] = await Promise.all([fallbackSlotProps, fragmentStyles()]);
    linkFragmentStyles(el, marker);
    await new Promise<void>((done) => {
      createRoot(el, { identifierPrefix: slotIdPrefix(marker.slot) }).render(slotTree(store, marker, <Fragment {...props} />, done));
    });
    return markOutcome(el, "client-rendered");
  } catch (error) {
    console.warn(`[shell] slot ${marker.slot} (${marker.remote}/${marker.fragment}) unavailable:`, error);
    if (marker.fallback) {
      await unavailableNotice().then(
        ({ showUnavailableNotice }) => showUnavailableNotice(el, onRetry),
        (noticeError: unknown) => console.warn("[shell] no Retry notice", noticeError),
      );
    }
    return markOutcome(el, "unavailable");
  }
}
