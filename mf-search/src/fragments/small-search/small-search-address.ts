/**
 * Address helpers of the small searches (the service and parts directory, the manufacturer search): each keeps its
 * state in the page's address under its own prefixed names, and any query string reads as a valid state.
 */

/** The page's query string, or null when it cannot be read (never an error). */
export function readSearchParams(search: string): URLSearchParams | null {
  try {
    return new URLSearchParams(search.replace(/^\?/, ""));
  } catch {
    return null;
  }
}

/** A whole number from 1 to max written plainly, else null (no exponents, signs or huge digit strings). */
export function positiveInt(text: string | null | undefined, max: number): number | null {
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

/** Deepest page an address may ask for; an old link past the end shows the last page. */
export const MAX_SMALL_SEARCH_PAGE = 1000;

/**
 * The query string with this search's own names replaced by `values` (an empty or null value is left out); the
 * page's other parameters are kept. '' when nothing is left.
 */
export function writeSmallSearchAddress(current: string, names: readonly string[], values: Record<string, string | null>): string {
  const params = new URLSearchParams(current.replace(/^\?/, ""));
  for (const name of names) params.delete(name);
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A fragment request's path ('/service?offer_query=x') as the page's pathname and query string. */
export function splitRequestPath(path: string, fallback: string): { pathname: string; search: string } {
  const queryIndex = path.indexOf("?");
  return { pathname: path.split(/[?#]/, 1)[0] || fallback, search: queryIndex >= 0 ? path.slice(queryIndex + 1) : "" };
}
