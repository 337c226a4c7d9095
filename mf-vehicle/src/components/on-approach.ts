const USES = ["pointerover", "pointerdown", "focusin"] as const;
const IDLE_AFTER_MS = 1500;

export type ApproachOptions = {
  /** Also on the page's first scroll (a fixed bar whose state follows the scroll position). */
  scroll?: boolean;
  /**
   * false: only on use (pointed at, touched, focused), not on coming into view: for a part beside the first view
   * whose server markup works alone (its form posts without JavaScript), so its code stays out of the first load.
   */
  inView?: boolean;
  /** Also 1.5 s after the call when this says there is something to show (read from the device). */
  idleIf?: () => boolean;
};

/**
 * Resolves when the element with this id comes into view, or is pointed at, touched or focused first (see
 * ApproachOptions for the scroll, use-only and idle variants). Without
 * the element (a client-rendered fallback) or IntersectionObserver it resolves at once.
 */
export function onApproach(id: string, options: ApproachOptions = {}): Promise<void> {
  const el = typeof document === "undefined" ? null : document.getElementById(id);
  if (!el || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done());
    let idle = 0;
    function done() {
      observer.disconnect();
      clearTimeout(idle);
      for (const use of USES) el?.removeEventListener(use, done);
      removeEventListener("scroll", done);
      resolve();
    }
    if (options.inView !== false) observer.observe(el);
    // A part with something to show from the device (a remembered choice) loads once the page has settled.
    if (options.idleIf?.()) idle = window.setTimeout(done, IDLE_AFTER_MS);
    for (const use of USES) el.addEventListener(use, done, { passive: true });
    if (options.scroll) addEventListener("scroll", done, { passive: true, once: true });
  });
}
