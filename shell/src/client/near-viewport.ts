/** How close (px) a slot may be to the viewport before its code is fetched and it hydrates. */
export const HYDRATE_MARGIN_PX = 300;

/**
 * Resolves with whether the element is near the viewport now (first observation), and calls
 * `later` once if it only gets there afterwards. Slots below the fold of a phone thus cost
 * no JavaScript until the shopper scrolls towards them.
 */
export function nearViewport(el: Element, later: () => void): Promise<boolean> {
  if (typeof IntersectionObserver === "undefined") return Promise.resolve(true);
  return new Promise((resolveInitial) => {
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.some((entry) => entry.isIntersecting);
        if (first) {
          first = false;
          resolveInitial(near);
          if (near) observer.disconnect();
          return;
        }
        if (near) {
          observer.disconnect();
          later();
        }
      },
      { rootMargin: `${HYDRATE_MARGIN_PX}px` },
    );
    observer.observe(el);
  });
}
