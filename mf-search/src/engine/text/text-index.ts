import { Bitset } from "../bitset";
import { searchableTextOf, valueAt } from "../record-values";
import type { IndexRecord } from "../search-record";
import { words } from "./tokenize";
import { allowedTypos, boundedTypoDistance } from "./typo";

/** Set on a posting entry when the term occurs in that document only in attributes without typo tolerance. */
const STRICT_ONLY = 0x80;

/** A word of the query as the matcher reads it. */
export interface QueryWord {
  word: string;
  /** Prefix matching applies (Algolia's prefixLast: the last word, unless the query ends with a space). */
  prefix: boolean;
  /** Typos this word may carry (0 when typo tolerance is off or the word is short). */
  typos: number;
}

export interface TextMatches {
  docs: Bitset;
  /** Per document, lower is better: typos, then attribute priority, then words not matched exactly. */
  score: Uint16Array;
}

interface Candidate {
  term: number;
  typos: number;
  exact: boolean;
}

/** Score layout keeps each criterion in its own decimal band so one number sorts by all three. */
const PRIORITY_BAND = 10;
const TYPO_BAND = 100;
export const TEXT_SCORE_LIMIT = 100 * TYPO_BAND;
/** Distinct texts whose split is remembered (bounded: stock numbers and names are mostly unique). */
const WORDS_CACHE_LIMIT = 20_000;

/** A posting entry packs its document and its priority byte: doc * 256 + priority (documents stay below 2^22). */
const ENTRY_SHIFT = 8;
const PRIORITY_MASK = 0xff;

/**
 * Inverted index: term -> posting entries. A document's entries are added and removed in place (an update costs
 * the postings of its own terms), so an index follows stock changes without a rebuild. Entries within a term are
 * in no particular order: matching visits every entry of a candidate term anyway.
 */
export class TextIndex {
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly postings: number[][] = [];
  /** Term ids in term order, for prefix lookups by binary search; null while a bulk load adds terms. */
  private sortedTerms: Int32Array | null = null;
  /** Term ids by term length, so typo candidates only compare words of near length. */
  private readonly termsByLength = new Map<number, number[]>();
  /** Splitting repeats (makes, models and colours recur across thousands of vehicles): each distinct text once. */
  private readonly wordsOf = new Map<string, string[]>();
  private readonly found = new Map<number, number>();

  constructor(
    private readonly attributeGroups: readonly string[][],
    private readonly strictAttributes: ReadonlySet<string> = new Set(),
  ) {}

  /** A record's terms with their entry priority byte: its best attribute priority, STRICT_ONLY if only in strict attributes. */
  private termsOf(record: IndexRecord, create: boolean): Map<number, number> {
    // One map for every call (its caller reads it before the next): a load calls this once per record.
    const found = this.found;
    found.clear();
    const groups = this.attributeGroups;
    for (let groupIndex = 0; groupIndex < groups.length; groupIndex++) {
      const priority = Math.min(groupIndex, PRIORITY_BAND - 1);
      for (const attribute of groups[groupIndex]!) {
        const strict = this.strictAttributes.has(attribute);
        const value = valueAt(record, attribute);
        // Most searchable attributes hold one string: no list is built for it.
        const texts = typeof value === "string" ? [value] : searchableTextOf(value);
        for (const text of texts) {
          let split = this.wordsOf.get(text);
          if (!split) {
            split = words(text);
            if (this.wordsOf.size < WORDS_CACHE_LIMIT) this.wordsOf.set(text, split);
          }
          for (const term of split) {
            const id = create ? this.termId(term) : this.termIds.get(term);
            if (id === undefined) continue;
            // Groups are visited in priority order, so a term's first entry holds its best priority.
            const entry = found.get(id);
            if (entry === undefined) found.set(id, strict ? priority | STRICT_ONLY : priority);
            else if (!strict) found.set(id, entry & ~STRICT_ONLY);
          }
        }
      }
    }
    return found;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.termIds.set(term, id);
      this.terms.push(term);
      this.postings.push([]);
      const sameLength = this.termsByLength.get(term.length);
      if (sameLength) sameLength.push(id);
      else this.termsByLength.set(term.length, [id]);
      if (this.sortedTerms) this.sortedTerms = this.withSortedTerm(this.sortedTerms, id);
    }
    return id;
  }

  private firstTermNotBefore(sorted: Int32Array, word: string): number {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.terms[sorted[mid]!]! < word) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** One new term costs a copy of the term order, not a sort. */
  private withSortedTerm(sorted: Int32Array, id: number): Int32Array {
    const at = this.firstTermNotBefore(sorted, this.terms[id]!);
    const next = new Int32Array(sorted.length + 1);
    next.set(sorted.subarray(0, at));
    next[at] = id;
    next.set(sorted.subarray(at), at + 1);
    return next;
  }

  private termOrder(): Int32Array {
    this.sortedTerms ??= Int32Array.from(this.terms.keys()).sort((a, b) => (this.terms[a]! < this.terms[b]! ? -1 : 1));
    return this.sortedTerms;
  }

  add(doc: number, record: IndexRecord): void {
    for (const [term, priority] of this.termsOf(record, true)) this.postings[term]!.push(doc * (1 << ENTRY_SHIFT) + priority);
  }

  /** Removes the entries `record` gave `doc` (the record as it was added). */
  remove(doc: number, record: IndexRecord): void {
    for (const term of this.termsOf(record, false).keys()) {
      const posting = this.postings[term]!;
      const at = posting.findIndex((entry) => entry >> ENTRY_SHIFT === doc);
      if (at < 0) continue;
      posting[at] = posting[posting.length - 1]!;
      posting.pop();
    }
  }

  /** Rough heap bytes: the entries, the terms and their lookups. */
  estimatedBytes(): number {
    let bytes = 0;
    for (const posting of this.postings) bytes += 8 * posting.length + 32;
    for (const term of this.terms) bytes += 2 * term.length + 80;
    return bytes + 4 * (this.sortedTerms?.length ?? 0);
  }

  /** Terms no document holds any more (a new stock number is a new term; the car it named may be gone). */
  deadTerms(): number {
    let dead = 0;
    for (const posting of this.postings) if (posting.length === 0) dead++;
    return dead;
  }

  /** Index terms a query word matches, best first: exact, then prefix, then by typo count. */
  private candidates(query: QueryWord): Candidate[] {
    const found: Candidate[] = [];
    const exact = this.termIds.get(query.word);
    if (exact !== undefined) found.push({ term: exact, typos: 0, exact: true });
    if (query.prefix) {
      const sorted = this.termOrder();
      for (let i = this.firstTermNotBefore(sorted, query.word); i < sorted.length; i++) {
        const id = sorted[i]!;
        if (!this.terms[id]!.startsWith(query.word)) break;
        if (id !== exact) found.push({ term: id, typos: 0, exact: false });
      }
    }
    if (query.typos > 0) {
      const typoMatches: Candidate[] = [];
      for (let length = query.word.length - query.typos; length <= query.word.length + query.typos; length++) {
        for (const id of this.termsByLength.get(length) ?? []) {
          const term = this.terms[id]!;
          if (id === exact || (query.prefix && term.startsWith(query.word))) continue;
          const typos = boundedTypoDistance(query.word, term, query.typos);
          if (typos <= query.typos) typoMatches.push({ term: id, typos, exact: false });
        }
      }
      typoMatches.sort((a, b) => a.typos - b.typos);
      found.push(...typoMatches);
    }
    return found;
  }

  /** Documents containing every query word (Algolia's default: no optional words). */
  match(queryWords: readonly QueryWord[], size: number): TextMatches {
    const wordsMatched = new Uint8Array(size);
    const typos = new Uint8Array(size);
    const priority = new Uint8Array(size).fill(PRIORITY_BAND - 1);
    const inexact = new Uint8Array(size);
    const firstWordDocs: number[] = [];
    queryWords.forEach((query, index) => {
      for (const candidate of this.candidates(query)) {
        for (const packed of this.postings[candidate.term]!) {
          const doc = packed >> ENTRY_SHIFT;
          const entry = packed & PRIORITY_MASK;
          if (candidate.typos > 0 && entry & STRICT_ONLY) continue;
          // A document counts for this word once (its best candidate) and only if it matched every earlier word.
          if (wordsMatched[doc] !== index && wordsMatched[doc] !== index + 1) continue;
          if ((entry & ~STRICT_ONLY) < priority[doc]!) priority[doc] = entry & ~STRICT_ONLY;
          if (wordsMatched[doc] === index + 1) continue;
          wordsMatched[doc] = index + 1;
          typos[doc]! += candidate.typos;
          if (!candidate.exact) inexact[doc]!++;
          if (index === 0) firstWordDocs.push(doc);
        }
      }
    });
    const docs = new Bitset(size);
    const score = new Uint16Array(size);
    for (const doc of firstWordDocs) {
      if (wordsMatched[doc] !== queryWords.length) continue;
      docs.add(doc);
      score[doc] =
        Math.min(typos[doc]!, 99) * TYPO_BAND + priority[doc]! * PRIORITY_BAND + Math.min(inexact[doc]!, PRIORITY_BAND - 1);
    }
    return { docs, score };
  }
}

/** Splits a query into words with Algolia's default prefix and typo rules. */
export function queryWords(
  query: string,
  options: { typoTolerance: boolean; queryType: "prefixLast" | "prefixAll" | "prefixNone" },
): QueryWord[] {
  const list = words(query);
  const endsWithSeparator = /[^\p{L}\p{N}]$/u.test(query);
  return list.map((word, index) => ({
    word,
    prefix:
      options.queryType === "prefixAll" ||
      (options.queryType === "prefixLast" && index === list.length - 1 && !endsWithSeparator),
    typos: options.typoTolerance ? allowedTypos(word) : 0,
  }));
}
