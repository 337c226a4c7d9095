/** How close (px) a deferred part may come to the viewport before its code loads (the shell's slot margin). */
export const APPROACH_MARGIN_PX = 300;

/**
 * Resolves when the element with this id comes within the margin of the viewport, or is pointed at, touched or
 * focused first. Without the element (a client-rendered fallback) or IntersectionObserver it resolves at once.
 */
export function onApproach(id: string): Promise<void> {
  const el = typeof document === "undefined" ? null : document.getElementById(id);
  if (!el || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const uses = ["pointerover", "pointerdown", "focusin"] as const;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
      rootMargin: `${APPROACH_MARGIN_PX}px`,
    });
    function done() {
      observer.disconnect();
      for (const use of uses) el?.removeEventListener(use, done);
      resolve();
    }
    observer.observe(el);
    for (const use of uses) el.addEventListener(use, done, { passive: true });
  });
}
