import type { SlotPlan } from "../routes/slot-plans";
import { createKeptEntries, type KeptBudget, stringBytes } from "./kept-bytes";
import { SLOT_CACHE_TTL_MS } from "./slot-cache";

/**
 * Whole pages kept per gateway isolate, by bytes (ADR 0126): a car page is about 70-120 KB and its key holds the site's
 * config; a site's share holds a busy site's most viewed pages, and no site can take more of the whole.
 */
export const PAGE_CACHE_BUDGET: KeptBudget = { bytes: 8 * 2 ** 20, bytesPerSite: 2 * 2 ** 20 };

/** What a kept page's dev timing comment and insight count need: its slots and the search results it shows. */
export type KeptPageSlot = { slot: string; remote: string; fragment: string };
/**
 * The page split at its CSP nonce, so each answer carries a fresh one; `cars` are counted each time it is served. Its
 * parts are kept as UTF-8 bytes (ADR 0120): an answer is then one copy of them, where a string page was joined and
 * encoded again on every view (about a fifth of the gateway's time on a kept car page).
 */
export type KeptPage = { parts: Uint8Array[]; slots: KeptPageSlot[]; cars: readonly number[] };
type Entry = KeptPage & { until: number };

/**
 * What a kept page is keyed on (ADR 0087): the page is the same bytes while all of these are. `stock` is the site's
 * listing version and `car` the car's own version, both read beside the car on this very view: a listing change (a
 * price, a sale, a hidden car) is a new key at once, and so is the car's own photos settling, while another car's
 * photos settling is not (ADR 0123). The shell's build, the site's name, template, config (its fingerprint, ADR 0126) and version, and what
 * the page reads of its address (`pageAddress`) decide the rest. Only an anonymous page, never a draft preview's, and
 * no dev fault (the caller's conditions) is keyed.
 */
export type PageKeyParts = { shellBuild: string; site: string; name: string; template: string; configVersion: number; config: string; stock: string; car: number; address: string };

export const pageKey = (parts: PageKeyParts): string =>
  JSON.stringify([parts.shellBuild, parts.site, parts.name, parts.template, parts.configVersion, parts.stock, parts.car, parts.address, parts.config]);

/**
 * What a composed page reads of its address (ADR 0118): its origin and path (the head and the header read no query),
 * and, when every slot says what it reads (`SlotPlan.reads`, ADR 0114), those params' values alone; a slot that does
 * not say is sent the whole address, so then the whole query is read. A tracking parameter is then the same page.
 */
export function pageAddress(url: URL, slots: readonly Pick<SlotPlan, "reads">[], params: Readonly<Record<string, string>>): string {
  const reads = slots.every((slot) => slot.reads) ? [...new Set(slots.flatMap((slot) => slot.reads ?? []))].sort() : null;
  const query = reads ? reads.filter((name) => Object.hasOwn(params, name)).map((name) => [name, params[name]]) : url.search;
  return JSON.stringify([url.origin, url.pathname, query]);
}

/**
 * Whole anonymous car pages the gateway keeps per isolate (ADR 0087): a repeat view answers the page it composed last
 * time, without composing the head, asking the slot cache thirteen times or streaming fourteen chunks. A page is kept
 * only when every slot in it was kept or keepable (a render that named the data it came from), and no longer than
 * the oldest of its kept slots would have been used (SLOT_CACHE_TTL_MS after its render). The nonce is the one per-response part: the page is kept
 * split at it and joined with the answer's own.
 */
export function createPageCache(now: () => number = Date.now) {
  // The most asked pages stay: each answer moves its page to the back of the queue out.
  const entries = createKeptEntries<Entry>(PAGE_CACHE_BUDGET, (entry) => !(entry.until > now()));
  return {
    get(key: string): KeptPage | undefined {
      const entry = entries.get(key);
      if (!entry || entry.until > now()) return entry;
      entries.delete(key);
      return undefined;
    },
    /** `site`: whose share it counts in. `until`: the earliest a slot in it stops being used (the page is kept no longer), at most SLOT_CACHE_TTL_MS. */
    set(key: string, site: string, html: string, nonce: string, slots: KeptPageSlot[], cars: readonly number[], until = Number.POSITIVE_INFINITY): void {
      const parts = html.split(nonce).map((part) => encoder.encode(part));
      const bytes = parts.reduce((sum, part) => sum + part.byteLength, 0) + slots.reduce((sum, slot) => sum + stringBytes(slot.slot + slot.remote + slot.fragment), 0) + 8 * cars.length;
      entries.set(key, site, { parts, slots, cars, until: Math.min(until, now() + SLOT_CACHE_TTL_MS) }, bytes);
    },
  };
}

const encoder = new TextEncoder();

/**
 * A kept page's bytes with this answer's nonce in every place the composed page had its own, and `tail` (the dev
 * timing comment) after it: one buffer, so the answer goes out with its length and the head in its first bytes.
 */
export function keptPageBytes(page: KeptPage, nonce: string, tail = ""): Uint8Array<ArrayBuffer> {
  const nonceBytes = encoder.encode(nonce);
  const tailBytes = encoder.encode(tail);
  const size = page.parts.reduce((sum, part) => sum + part.length, 0) + nonceBytes.length * (page.parts.length - 1) + tailBytes.length;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const [index, part] of page.parts.entries()) {
    if (index > 0) {
      bytes.set(nonceBytes, at);
      at += nonceBytes.length;
    }
    bytes.set(part, at);
    at += part.length;
  }
  bytes.set(tailBytes, at);
  return bytes;
}
