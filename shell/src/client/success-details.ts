import { takeSuccessLines } from "@dealer/shared/visit";

/** /success: what the lead just sent was told, once; without it (a reload, a refused storage) the general thanks stay. */
export function showSuccessDetails(details: HTMLElement): void {
  try {
    const lines = takeSuccessLines(window.sessionStorage);
    if (!lines.length) return;
    details.replaceChildren(
      ...lines.map((line) => {
        const paragraph = document.createElement("p");
        paragraph.textContent = line;
        return paragraph;
      }),
    );
  } catch (error) {
    console.warn("[shell] the lead's details not shown", error);
  }
}
