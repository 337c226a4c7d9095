/** Pointer and focus events that come before a shopper types or clicks in a slot. */
export const INTERACTION_EVENTS = ["pointerover", "pointerdown", "focusin", "touchstart"] as const;

/**
 * Calls `start` once, on the first pointer or focus inside the element. Hovering or tapping arrives
 * before the click or the first key, which leaves time to load the slot's code and hydrate it; the
 * server HTML (and a form's plain post) works meanwhile.
 */
export function onFirstInteraction(el: HTMLElement, start: () => void): void {
  const controller = new AbortController();
  const trigger = () => {
    controller.abort();
    start();
  };
  for (const type of INTERACTION_EVENTS) el.addEventListener(type, trigger, { capture: true, passive: true, signal: controller.signal });
}
