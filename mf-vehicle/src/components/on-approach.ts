const USES = ["pointerover", "pointerdown", "focusin"] as const;

/**
 * Resolves when the element with this id comes into view, or is pointed at, touched or focused first; with
 * `scroll`, also on the page's first scroll (for a fixed bar whose state follows the scroll position). Without
 * the element (a client-rendered fallback) or IntersectionObserver it resolves at once.
 */
export function onApproach(id: string, options: { scroll?: boolean } = {}): Promise<void> {
  const el = typeof document === "undefined" ? null : document.getElementById(id);
  if (!el || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done());
    function done() {
      observer.disconnect();
      for (const use of USES) el?.removeEventListener(use, done);
      removeEventListener("scroll", done);
      resolve();
    }
    observer.observe(el);
    for (const use of USES) el.addEventListener(use, done, { passive: true });
    if (options.scroll) addEventListener("scroll", done, { passive: true, once: true });
  });
}
