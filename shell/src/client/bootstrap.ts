import type { PageState } from "@dealer/shared/atoms";
import { CUSTOMER_KEY, CUSTOMER_PREFILL_ATTRIBUTE, isStoredOnDevice } from "@dealer/shared/buyer-choice-keys";
import { holdEarlyActions } from "@dealer/shared/hold-early-actions";
import { postcodeInput } from "@dealer/shared/rules";
import { recordVisit, SUCCESS_DETAILS_ID } from "@dealer/shared/visit";
import type { SlotMarker } from "@dealer/shared/fragment";
import { listenForEmailUs } from "./email-us-trigger";
import type { SlotOutcome } from "./mount-slot";
import { nearViewport } from "./near-viewport";
import { onFirstInteraction } from "./on-first-interaction";
import { pickBuilds, registerPinnedRemotes } from "./remote-loader";
import { readShellState } from "./shell-state";
import { readSlotMarker } from "./slot-marker";
import { yieldToMain } from "./yield-to-main";

type ReactSide = typeof import("./react-side");
type Slot = { el: HTMLElement; marker: SlotMarker };
/** The shell's React with the page's store, on first need (react-side.tsx). */
type PageReact = () => Promise<{ side: ReactSide; store: ReturnType<ReactSide["pageStore"]> }>;

let reactSide: Promise<ReactSide> | undefined;
function loadReactSide(): Promise<ReactSide> {
  // A failed load (a dropped connection) is tried again on the next need.
  reactSide ??= import("./react-side").catch((error: unknown) => {
    reactSide = undefined;
    throw error;
  });
  return reactSide;
}

// Type-checked against the atoms without importing them (their module brings jotai): the saved-car lists' keys.
const SAVED_CAR_KEYS: (typeof import("@dealer/shared/atoms"))["SAVED_CAR_STORAGE_KEYS"] = { favourites: "favourites", compare: "compareCars", viewed: "viewedCars" };

/** Whether this device has a favourite or a car to compare, which the header counts; a browser refusing storage has none. */
function hasSavedCars(): boolean {
  try {
    return [SAVED_CAR_KEYS.favourites, SAVED_CAR_KEYS.compare].some((key) => (window.localStorage.getItem(key) ?? "[]") !== "[]");
  } catch {
    return false;
  }
}

/**
 * The header hydrates at start-up where it may be used before a touch: with a mouse (its dropdowns may open on hover)
 * or on a device whose saved cars it counts. On a touch phone it hydrates with the first slot that needs React, or on
 * the first touch or focus in it (a tapped toggle is held and replayed once hydrated), so a page whose slots all wait
 * for use evaluates no React at load (ADR 0133).
 */
function prepareHeader(react: PageReact): void {
  const header = document.getElementById("shell-header");
  if (!header) return;
  if (!window.matchMedia("(pointer: coarse)").matches || hasSavedCars()) {
    void react().catch((error: unknown) => console.warn("[shell] the header's code did not load", error));
    return;
  }
  onFirstInteraction(header, () => {
    const release = holdEarlyActions(header);
    react().then(
      () => release(true),
      (error: unknown) => {
        console.warn("[shell] the header's code did not load", error);
        release(false);
      },
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

function mount(slot: Slot, react: PageReact, builds: Map<string, string>): Promise<SlotOutcome> {
  return react().then(
    ({ side, store }) =>
      side.mountSlot(slot.el, slot.marker, store, () => {
        // A remote that failed once may be back: drop the cached failure and try again.
        registerPinnedRemotes(new Map([[slot.marker.remote, builds.get(slot.marker.remote) ?? slot.marker.build]]), true);
        void mount(slot, react, builds);
      }),
    (error: unknown): SlotOutcome => {
      // The slot's server markup stays, as when its remote cannot load.
      console.warn(`[shell] slot ${slot.marker.slot}: the shell's code did not load`, error);
      return "unavailable";
    },
  );
}

async function fillSavedDetails(form: HTMLFormElement): Promise<void> {
  try {
    const { prefillCustomerForm } = await import(/* webpackChunkName: "customer-prefill" */ "@dealer/shared/customer-storage");
    prefillCustomerForm(form, window.localStorage);
  } catch (error) {
    // Storage the browser refuses (a private window's policy), or the code not loading, only means empty fields.
    console.warn("[shell] saved details not filled in", error);
  }
}

/**
 * Lead forms before their own code has loaded (most load on first use). Their postcode boxes take digits only from the
 * page's start: the markup limits them (inputmode, pattern, maxlength) but a browser still lets letters in. The
 * visitor's saved details fill each form's empty fields; the filler is not in the first load (issue 35, ADR 0087): only
 * a device with details saved fetches it, as a form nears the viewport or on the first pointer or focus in it.
 */
function prepareLeadForms(): void {
  const forms = document.querySelectorAll<HTMLFormElement>(`form[${CUSTOMER_PREFILL_ATTRIBUTE}]`);
  if (!forms.length) return;
  document.addEventListener(
    "input",
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || !input.name.endsWith("postcode") || !input.form?.hasAttribute(CUSTOMER_PREFILL_ATTRIBUTE)) return;
      const digits = postcodeInput(input.value);
      if (digits !== input.value) input.value = digits;
    },
    true,
  );
  if (!isStoredOnDevice(CUSTOMER_KEY)) return;
  for (const form of forms) {
    let filled = false;
    const fill = () => {
      if (filled) return;
      filled = true;
      void fillSavedDetails(form);
    };
    onFirstInteraction(form, fill);
    void nearViewport(form, fill).then((near) => near && fill());
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
  const react: PageReact = () => loadReactSide().then((side) => ({ side, store: side.pageStore(state) }));
  prepareHeader(react);
  listenForEmailUs(() => react().then(({ store }) => store));
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
          void mount(slot, react, builds).then((outcome) => release(outcome !== "unavailable"));
        });
      }
      const near = await nearViewport(slot.el, () => void mount(slot, react, builds));
      if (near) await mount(slot, react, builds);
    }),
  );
  // Every slot that was near the viewport at start-up has settled.
  document.documentElement.dataset.hydrated = "true";
}

start(readShellState(document)).catch((error: unknown) => {
  console.error("[shell] start-up failed", error);
});
