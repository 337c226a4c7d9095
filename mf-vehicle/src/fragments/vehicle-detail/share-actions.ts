import { COPIED_MS, SHARE_TOAST_MS, shareToastText } from "@dealer/shared/rules";

/** Share popups open at the spec's 550x400. */
export function openSharePopup(href: string): void {
  window.open(href, "share", "width=550,height=400,noopener,noreferrer");
}

/**
 * Copies the car's address; 'Copied' shows on the button for 1.5 s and the toast for 3 s.
 * Clipboard refusal (no permission, insecure context) is warned about and changes nothing on screen.
 */
export async function copyCarLink(url: string, carName: string, show: { copied(on: boolean): void; toast(text: string | null): void }): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
  } catch (error) {
    console.warn("[vehicle] copy link failed", error);
    return;
  }
  show.copied(true);
  show.toast(shareToastText(carName));
  setTimeout(() => show.copied(false), COPIED_MS);
  setTimeout(() => show.toast(null), SHARE_TOAST_MS);
}
