import { type RefObject, useLayoutEffect, useRef } from "react";

/**
 * A figure counting up from 0 to its target over `durationMs` (the spec's animated figures) from when its element is
 * first in view: a count run below the fold would end unseen, and its frames would be main-thread work at load on a
 * phone (issue 35, ADR 0134). Each frame writes the element's text itself, with no React render; the element holds
 * the formatted target as its only text (what React renders), which a visitor who asked for reduced motion sees at once.
 */
function useCountUp(element: RefObject<HTMLElement | null>, target: number, durationMs: number, format: (value: number) => string): void {
  useLayoutEffect(() => {
    const el = element.current;
    if (!el || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const draw = (value: number) => {
      el.textContent = format(value);
    };
    let frame = 0;
    draw(0);
    const inView = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      inView.disconnect();
      const start = performance.now();
      const tick = (now: number) => {
        const progress = Math.min(1, (now - start) / durationMs);
        draw(Math.round(target * progress));
        if (progress < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    inView.observe(el);
    return () => {
      inView.disconnect();
      cancelAnimationFrame(frame);
      draw(target);
    };
  }, [element, target, durationMs, format]);
}

type CountUpProps = { value: number; durationMs: number; format: (value: number) => string; testId?: string };

/**
 * A figure that counts up for the eye, with its value beside it for screen readers, which never read a figure on its
 * way up (or at 0, before it is in view). `format` is a stable function (module level): a new one restarts the count.
 */
export function CountUp({ value, durationMs, format, testId }: CountUpProps) {
  const counting = useRef<HTMLSpanElement>(null);
  useCountUp(counting, value, durationMs, format);
  return (
    <>
      <span ref={counting} aria-hidden="true" data-testid={testId}>
        {format(value)}
      </span>
      <span className="visually-hidden">{format(value)}</span>
    </>
  );
}
