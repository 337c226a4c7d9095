/**
 * What the device keeps about this visit (sessionStorage: one tab's visit, gone when it closes): the pages seen,
 * sent with a lead as visited_pages, and what /success should tell the shopper about the lead just sent.
 * Hand-written checks, no zod: the shell runs this on every page.
 */
const PAGES_KEY = "dealer:visited-pages";
const SUCCESS_KEY = "dealer:success-next";
/** The newest pages kept: a lead carries at most 50, a visit's last few say what the shopper looked at. */
export const VISITED_PAGES_MAX = 20;
/** The /success page's element the lines go in. */
export const SUCCESS_DETAILS_ID = "success-details";

function readList(storage: Storage, key: string): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function writeList(storage: Storage, key: string, list: string[]): void {
  try {
    storage.setItem(key, JSON.stringify(list));
  } catch {
    // A full or refused storage only means the lead carries fewer pages.
  }
}

/** Notes a page seen (path and query, at most 500 characters); a reload of the same page is not a new one. */
export function recordVisit(storage: Storage, page: string): void {
  const pages = readList(storage, PAGES_KEY);
  const path = page.slice(0, 500);
  if (pages.at(-1) === path) return;
  writeList(storage, PAGES_KEY, [...pages, path].slice(-VISITED_PAGES_MAX));
}

/** The pages seen this visit, oldest first. */
export const visitedPages = (storage: Storage): string[] => readList(storage, PAGES_KEY).slice(-VISITED_PAGES_MAX);

/** Keeps what /success says about the lead just sent. */
export const saveSuccessLines = (storage: Storage, lines: string[]) => writeList(storage, SUCCESS_KEY, lines.slice(0, 5));

/** What /success says about the lead just sent, once: a reload of /success shows the general thanks. */
export function takeSuccessLines(storage: Storage): string[] {
  const lines = readList(storage, SUCCESS_KEY);
  try {
    storage.removeItem(SUCCESS_KEY);
  } catch {
    // Nothing to clear.
  }
  return lines;
}
