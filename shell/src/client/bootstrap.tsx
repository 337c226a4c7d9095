import { createSeededStore, type PageState } from "@dealer/shared/atoms";
import { CUSTOMER_KEY } from "@dealer/shared/buyer-choice-keys";
import { holdEarlyActions } from "@dealer/shared/hold-early-actions";
import { recordVisit, SUCCESS_DETAILS_ID } from "@dealer/shared/visit";
import type { SlotMarker } from "@dealer/shared/fragment";
import { Provider } from "jotai";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { ShellHeader } from "../components/header/ShellHeader";
import { listenForEmailUs } from "./email-us-trigger";
import { mountSlot, type SlotOutcome } from "./mount-slot";
import { nearViewport } from "./near-viewport";
import { onFirstInteraction } from "./on-first-interaction";
import { pickBuilds, registerPinnedRemotes } from "./remote-loader";
import { readShellState } from "./shell-state";
import { readSlotMarker } from "./slot-marker";
import { yieldToMain } from "./yield-to-main";

type Store = ReturnType<typeof createSeededStore>;
type Slot = { el: HTMLElement; marker: SlotMarker };

function hydrateHeader(store: Store): void {
  const el = document.getElementById("shell-header");
  if (!el) return;
  // A transition, as the slots (mount-slot.tsx): the header hydrates in slices, not in one long task.
  startTransition(() => {
    hydrateRoot(
      el,
      <Provider store={store}>
        <ShellHeader path={window.location.pathname} />
      </Provider>,
    );
  });
}

function findSlots(): Slot[] {
  const slots: Slot[] = [];
  for (const el of document.querySelectorAll<HTMLElement>("[data-slot]")) {
    const marker = readSlotMarker(el);
    if (marker) slots.push({ el, marker });
    else console.warn("[shell] ignoring a slot with an unreadable marker", el.id);
  }
  return slots;
}

function mount(slot: Slot, store: Store, builds: Map<string, string>): Promise<SlotOutcome> {
  return mountSlot(slot.el, slot.marker, store, () => {
    // A remote that failed once may be back: drop the cached failure and try again.
    registerPinnedRemotes(new Map([[slot.marker.remote, builds.get(slot.marker.remote) ?? slot.marker.build]]), true);
    void mount(slot, store, builds);
  });
}

// Type-checked against the module without importing it: its code loads only when a lead form needs it.
const CUSTOMER_PREFILL_ATTRIBUTE: (typeof import("@dealer/shared/customer-storage"))["CUSTOMER_PREFILL_ATTRIBUTE"] = "data-customer-prefill";

/** Whether this device holds saved details to fill in; a browser that refuses storage has none. */
function hasSavedDetails(): boolean {
  try {
    return window.localStorage.getItem(CUSTOMER_KEY) !== null;
  } catch {
    return false;
  }
}

async function prepareLeadForm(form: HTMLFormElement): Promise<void> {
  try {
    const { limitPostcodeFields, prefillCustomerForm } = await import(/* webpackChunkName: "customer-prefill" */ "@dealer/shared/customer-storage");
    limitPostcodeFields(form);
    prefillCustomerForm(form, window.localStorage);
  } catch (error) {
    // Storage the browser refuses (a private window's policy), or the code not loading, only means empty fields.
    console.warn("[shell] saved details not filled in", error);
  }
}

/**
 * The visitor's saved details in each lead form, and its postcode boxes taking digits only, before the form's own code
 * has loaded (most load on first use). The filler is not in the first load (issue 35): it loads as a form nears the
 * viewport when the device has details saved, else on the shopper's first pointer or focus in the form, which comes
 * before the first key (the markup's pattern still holds the postcode on submit).
 */
function prepareLeadForms(): void {
  const saved = hasSavedDetails();
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[${CUSTOMER_PREFILL_ATTRIBUTE}]`)) {
    let prepared = false;
    const prepare = () => {
      if (prepared) return;
      prepared = true;
      void prepareLeadForm(form);
    };
    onFirstInteraction(form, prepare);
    if (saved) void nearViewport(form, prepare).then((near) => near && prepare());
  }
}

/** This page joins the visit's pages (a lead sends them); /success shows what the lead just sent was told. */
function noteVisit(): void {
  try {
    recordVisit(window.sessionStorage, window.location.pathname + window.location.search);
  } catch (error) {
    // A browser that refuses storage: the lead carries this page only.
    console.warn("[shell] visit not noted", error);
  }
  const details = document.getElementById(SUCCESS_DETAILS_ID);
  // Only /success has the element: its code is not in every page's first load.
  if (!details) return;
  import(/* webpackChunkName: "success-details" */ "./success-details").then(
    ({ showSuccessDetails }) => showSuccessDetails(details),
    (error: unknown) => console.warn("[shell] the lead's details not shown", error),
  );
}

async function start(state: PageState): Promise<void> {
  noteVisit();
  prepareLeadForms();
  const store = createSeededStore(state);
  hydrateHeader(store);
  listenForEmailUs(store);
  // The slots' registration and first fetches start in a task after the header's.
  await yieldToMain();
  const slots = findSlots();
  const builds = pickBuilds(slots.map((slot) => slot.marker));
  registerPinnedRemotes(builds);
  // Each slot is its own root: one failing slot never holds up or breaks the others. Slots near
  // the viewport mount now; the rest when the shopper scrolls towards them; secondary tools on first use.
  await Promise.allSettled(
    slots.map(async (slot) => {
      if (slot.marker.hydrate === "interaction") {
        // A submit or click that beats the slot's code waits for it (or, for a form, posts plainly if it never comes).
        return onFirstInteraction(slot.el, () => {
          const release = holdEarlyActions(slot.el);
          void mount(slot, store, builds).then((outcome) => release(outcome !== "unavailable"));
        });
      }
      const near = await nearViewport(slot.el, () => void mount(slot, store, builds));
      if (near) await mount(slot, store, builds);
    }),
  );
  // Every slot that was near the viewport at start-up has settled.
  document.documentElement.dataset.hydrated = "true";
}

start(readShellState(document)).catch((error: unknown) => {
  console.error("[shell] start-up failed", error);
});
