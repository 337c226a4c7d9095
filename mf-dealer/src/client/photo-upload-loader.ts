import { PHOTO_UPLOAD_MARKS, PHOTO_UPLOAD_SCRIPTS } from "../photo-upload-scripts";

/**
 * The car page's only first-load script (ADR 0085): it fetches the upload enhancement when the upload form comes
 * within 200 px of the screen, or at the first touch, key or drag on the page, whichever is first. Until then
 * (and without script) the page's plain forms do everything.
 */
const own = document.currentScript as HTMLScriptElement | null;
const form = document.querySelector(`form[${PHOTO_UPLOAD_MARKS.api}]`);
const TRIGGERS = ["pointerdown", "keydown", "dragenter", "focusin"] as const;

if (own && form) {
  let observer: IntersectionObserver | undefined;
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    observer?.disconnect();
    for (const name of TRIGGERS) removeEventListener(name, load, true);
    const script = document.createElement("script");
    script.src = new URL(`${PHOTO_UPLOAD_SCRIPTS.enhancement}.js`, own.src).href;
    document.head.append(script);
  };
  for (const name of TRIGGERS) addEventListener(name, load, { capture: true, passive: true });
  if ("IntersectionObserver" in window) {
    observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), { rootMargin: "200px 0px" });
    observer.observe(form);
  } else load();
}
