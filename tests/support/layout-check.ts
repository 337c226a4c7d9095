/**
 * The layout check (issue 25, docs/design.md): run in the page by page.evaluate, it lists what a shopper would see
 * as broken at the current width. Kept to one pass over the DOM so one page can be checked at five widths quickly.
 *  - overflow: an element wider than the viewport, or sticking out of an ancestor that clips it (overflow hidden/clip)
 *  - clipped: an element with its own text whose text is cut off by its own overflow
 *  - target: a control smaller than 24 x 24 CSS px (WCAG 2.5.8) with another control within its 24 px circle; inline
 *    links in a sentence are exempt, as the criterion says; a checkbox or radio counts its label's box, which takes its clicks
 *  - overlap: two controls whose boxes cross (controls in fixed or sticky layers are left out: they float on purpose)
 */
export type LayoutProblem = { kind: "overflow" | "clipped" | "target" | "overlap"; element: string; detail: string };

export function findLayoutProblems(): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const viewport = document.documentElement.clientWidth;
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : "";
    const classes = typeof element.className === "string" && element.className ? `.${element.className.trim().split(/\s+/).join(".")}` : "";
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
    return `${element.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ""}`;
  };
  const shown = (element: Element, rect: DOMRect) => {
    if (rect.width === 0 || rect.height === 0) return false;
    const style = getComputedStyle(element);
    return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0;
  };
  const hiddenByDesign = (element: Element) =>
    element.closest(".visually-hidden, .skip-link, [hidden], [aria-hidden='true'], dialog:not([open]), details:not([open]) > :not(summary)") !== null;
  const floating = (element: Element) => {
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === "fixed" || position === "sticky") return true;
    }
    return false;
  };
  /** The nearest ancestor that clips without scrolling (below any scroller), and the nearest one that scrolls. */
  const clippingAncestor = (element: Element): { clip: Element | null; scroller: Element | null } => {
    let clip: Element | null = null;
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      const overflow = `${style.overflowX} ${style.overflowY}`;
      if (/auto|scroll/.test(overflow)) return { clip, scroller: node };
      if (!clip && /hidden|clip/.test(overflow)) clip = node;
    }
    return { clip, scroller: null };
  };
  /** The part of a box a scroller shows (a thumbnail strip's last thumb scrolled out of view covers nothing beside it). */
  const visiblePart = (rect: DOMRect, scroller: Element | null) => {
    if (!scroller) return rect;
    const box = scroller.getBoundingClientRect();
    const left = Math.max(rect.left, box.left);
    const top = Math.max(rect.top, box.top);
    return new DOMRect(left, top, Math.max(0, Math.min(rect.right, box.right) - left), Math.max(0, Math.min(rect.bottom, box.bottom) - top));
  };

  const targets: Array<{ element: Element; rect: DOMRect }> = [];
  const sized: Array<{ element: Element; box: DOMRect; small: boolean }> = [];
  for (const element of Array.from(document.body.querySelectorAll("*"))) {
    if (element instanceof SVGElement && !(element instanceof SVGSVGElement)) continue;
    const rect = element.getBoundingClientRect();
    if (!shown(element, rect) || hiddenByDesign(element)) continue;
    const style = getComputedStyle(element);
    const { clip, scroller } = clippingAncestor(element);
    if (!floating(element)) {
      if (!scroller && (rect.right > viewport + 1 || rect.left < -1)) {
        problems.push({ kind: "overflow", element: describe(element), detail: `${Math.round(rect.left)}-${Math.round(rect.right)} px in a ${viewport} px viewport` });
      } else if (clip) {
        const box = clip.getBoundingClientRect();
        if (rect.right > box.right + 1 || rect.left < box.left - 1 || rect.bottom > box.bottom + 1) {
          problems.push({ kind: "overflow", element: describe(element), detail: `outside ${describe(clip)}, which clips it` });
        }
      }
    }
    const ownText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    if (ownText && /hidden|clip/.test(style.overflowX + style.overflowY) && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)) {
      problems.push({ kind: "clipped", element: describe(element), detail: `text ${element.scrollWidth}x${element.scrollHeight} in a ${element.clientWidth}x${element.clientHeight} box` });
    }
    const interactive = element.matches("a[href], button, input:not([type='hidden']), select, textarea, summary, [role='button'], [role='tab'], [tabindex]:not([tabindex='-1'])");
    if (!interactive || element.matches("main, [role='region'], ul, ol, section, div[tabindex]")) continue;
    let box = rect;
    if (element.matches("input[type='checkbox'], input[type='radio']")) box = (element.closest("label") ?? (element.id ? document.querySelector(`label[for="${element.id}"]`) : null) ?? element).getBoundingClientRect();
    const inSentence = element.matches("a") && style.display === "inline" && Array.from(element.parentElement?.childNodes ?? []).some((node) => node !== element && node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    if (!inSentence) sized.push({ element, box, small: box.width < 23.5 || box.height < 23.5 });
    const visible = visiblePart(rect, scroller);
    if (!floating(element) && visible.width > 0 && visible.height > 0) targets.push({ element, rect: visible });
  }
  // WCAG 2.5.8's spacing exception: an undersized target passes if a 24 px circle on its centre reaches no other
  // target and no other undersized target's circle.
  const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
  const distanceToBox = (point: { x: number; y: number }, box: DOMRect) =>
    Math.hypot(Math.max(box.left - point.x, 0, point.x - box.right), Math.max(box.top - point.y, 0, point.y - box.bottom));
  for (const target of sized) {
    if (!target.small) continue;
    const here = centre(target.box);
    const crowded = sized.find((other) => other !== target && !other.element.contains(target.element) && !target.element.contains(other.element) &&
      (distanceToBox(here, other.box) < 12 || (other.small && Math.hypot(centre(other.box).x - here.x, centre(other.box).y - here.y) < 24)));
    if (crowded) {
      problems.push({ kind: "target", element: describe(target.element), detail: `${Math.round(target.box.width)}x${Math.round(target.box.height)} px, within 12 px of ${describe(crowded.element)}` });
    }
  }
  for (let i = 0; i < targets.length; i++) {
    for (let j = i + 1; j < targets.length; j++) {
      const a = targets[i] as (typeof targets)[number];
      const b = targets[j] as (typeof targets)[number];
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (x > 1 && y > 1) problems.push({ kind: "overlap", element: describe(a.element), detail: `overlaps ${describe(b.element)}` });
    }
  }
  return problems;
}
