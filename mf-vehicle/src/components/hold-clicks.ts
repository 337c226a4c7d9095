/**
 * Holds button clicks inside the element with this id until the returned release is called, then clicks the last
 * held button again. React 19 drops a click on a part whose code has not arrived yet (it stops the event and does not
 * replay it), so without this a quick tap on a deferred part does nothing. A capture listener on the document runs
 * before React's own on the slot's root. Links are left alone: the browser follows them without React.
 */
export function holdClicks(id: string): (replay: boolean) => void {
  const el = typeof document === "undefined" ? null : document.getElementById(id);
  if (!el) return () => {};
  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || !el.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
  };
  document.addEventListener("click", hold, true);
  return (replay) => {
    document.removeEventListener("click", hold, true);
    const button = held;
    held = null;
    // After the commit that hydrated the part, so React handles the click as any other.
    if (replay && button) setTimeout(() => button.isConnected && button.click());
  };
}
