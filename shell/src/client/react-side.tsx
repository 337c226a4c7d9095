import { createSeededStore, type PageState } from "@dealer/shared/atoms";
import { Provider } from "jotai";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { ShellHeader } from "../components/header/ShellHeader";

export { mountSlot } from "./mount-slot";
export type Store = ReturnType<typeof createSeededStore>;

let store: Store | undefined;

/**
 * The page's one store, made on the first call, which also hydrates the header: its toasts and saved-car counts
 * follow the store from then on. This module is the shell's React: start-up imports it only when the page needs React,
 * so a phone on a page whose slots all wait for use evaluates none at load (ADR 0133).
 */
export function pageStore(state: PageState): Store {
  if (store) return store;
  const seeded = createSeededStore(state);
  store = seeded;
  const header = document.getElementById("shell-header");
  // A transition, as the slots (mount-slot.tsx): the header hydrates in slices, not in one long task.
  if (header) {
    startTransition(() => {
      hydrateRoot(
        header,
        <Provider store={seeded}>
          <ShellHeader path={window.location.pathname} />
        </Provider>,
      );
    });
  }
  return seeded;
}
