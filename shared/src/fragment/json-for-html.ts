/**
 * JSON that is safe inside a <script> element (props, JSON-LD). Zod-free, so a browser build that renders a script
 * block (the search results' ItemList) does not pull the fragment contract's schemas with it.
 */
export function serializeJsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
