import type { PageState } from "@dealer/shared/atoms";
import { isRecord } from "./slot-marker";

// Type-checked against the contract without importing it at run time (that module pulls in zod).
const SHELL_STATE_ELEMENT_ID: (typeof import("@dealer/shared/fragment"))["SHELL_STATE_ELEMENT_ID"] = "shell-state";

/**
 * Reads the gateway's #shell-state. The gateway built it from validated config, so the browser
 * checks the outline only (keeping zod out of the page) and refuses anything else.
 */
export function readShellState(doc: Document): PageState {
  const text = doc.getElementById(SHELL_STATE_ELEMENT_ID)?.textContent;
  if (!text) throw new Error(`#${SHELL_STATE_ELEMENT_ID} is missing`);
  const value: unknown = JSON.parse(text);
  if (
    !isRecord(value) ||
    !isRecord(value.site) ||
    typeof value.site.slug !== "string" ||
    typeof value.site.name !== "string" ||
    !isRecord(value.config) ||
    !isRecord(value.config.navigation) ||
    !isRecord(value.session)
  ) {
    throw new Error(`#${SHELL_STATE_ELEMENT_ID} is not a shell state`);
  }
  return value as unknown as PageState;
}
