export const UNAVAILABLE_MESSAGE = "This section is unavailable right now.";

/**
 * Added under a slot whose remote could not load. Plain DOM: React may not have a root here.
 * The slot's fallback content stays; Retry calls `retry` once and removes the notice.
 */
export function showUnavailableNotice(slotEl: HTMLElement, retry: () => void): void {
  slotEl.querySelector(":scope > .slot-unavailable")?.remove();
  const notice = document.createElement("div");
  notice.className = "slot-unavailable";
  notice.setAttribute("role", "status");
  const message = document.createElement("p");
  message.textContent = UNAVAILABLE_MESSAGE;
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Retry";
  button.addEventListener("click", () => {
    notice.remove();
    retry();
  }, { once: true });
  notice.append(message, button);
  slotEl.append(notice);
}
