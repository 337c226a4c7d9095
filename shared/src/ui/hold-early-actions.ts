const HYDRATION_WAIT_MS = 3000;

type HeldAction = { kind: "submit"; form: HTMLFormElement; submitter: HTMLElement | null } | { kind: "click"; button: HTMLButtonElement };

/**
 * Holds a form submit or a button click inside `el` that comes before its code has hydrated it, and replays it once it
 * has. Without this a quick tap is lost (React 19 stops a click on markup it has not hydrated and never replays it) or
 * a form posts as a plain page without its own checks. If the code never arrives, a held form is posted the plain way
 * (a lead is never lost) and a held button click is dropped. Listening on the document's capture phase runs before
 * React's own listeners on a slot's root. Links are left alone: the browser follows them without any code.
 */
export function holdEarlyActions(el: HTMLElement): (live: boolean) => void {
  let held: HeldAction | null = null;
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement) || !el.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    held = { kind: "submit", form: event.target, submitter: event.submitter };
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    // A submit button's click becomes the submit above.
    if (!button || !el.contains(button) || (button.type === "submit" && button.form)) return;
    event.preventDefault();
    event.stopPropagation();
    held = { kind: "click", button };
  };
  document.addEventListener("submit", onSubmit, true);
  document.addEventListener("click", onClick, true);
  return (live) => {
    document.removeEventListener("submit", onSubmit, true);
    document.removeEventListener("click", onClick, true);
    const action = held;
    held = null;
    if (!action) return;
    // After the commit that hydrated the part, so its own handlers take the replay. A node inside a Suspense boundary
    // whose code is still loading hydrates after that commit: the replay waits for it (React marks each node it has
    // hydrated with its props), for at most HYDRATION_WAIT_MS.
    const started = performance.now();
    const whenHydrated = (node: HTMLElement, replay: () => void) => {
      if (!node.isConnected) return;
      const hydrated = Object.keys(node).some((key) => key.startsWith("__reactProps$"));
      if (hydrated || performance.now() - started > HYDRATION_WAIT_MS) replay();
      else requestAnimationFrame(() => whenHydrated(node, replay));
    };
    setTimeout(() => {
      if (action.kind === "click") {
        if (live) whenHydrated(action.button, () => action.button.click());
      } else if (!live) {
        if (action.form.isConnected) action.form.submit();
      } else {
        whenHydrated(action.form, () => action.form.requestSubmit(action.submitter?.isConnected ? action.submitter : null));
      }
    });
  };
}
