import { Bitset } from "../bitset";
import { searchableTextOf, valueAt } from "../record-values";
import type { IndexRecord } from "../search-record";
import { words } from "./tokenize";
import { allowedTypos, boundedTypoDistance } from "./typo";

interface Posting {
  docs: Int32Array;
  /**
   * Per entry of `docs`: the best (lowest) searchable-attribute priority the term occurs in, plus
   * STRICT_ONLY when it occurs only in attributes without typo tolerance.
   */
  priorities: Uint8Array;
}

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

/** Score layout keeps each criterion in its own decimal band so one number sorts by all three. */
const PRIORITY_BAND = 10;
const TYPO_BAND = 100;
export const TEXT_SCORE_LIMIT = 100 * TYPO_BAND;

export class TextIndex {
  private constructor(
    private readonly postings: Map<string, Posting>,
    /** All terms sorted, for prefix lookups by binary search. */
    private readonly terms: string[],
    /** Terms by length, so typo candidates only compare words of near length. */
    private readonly termsByLength: Map<number, string[]>,
    private readonly size: number,
  ) {}

  static build(
    records: readonly IndexRecord[],
    attributeGroups: readonly string[][],
    strictAttributes: ReadonlySet<string> = new Set(),
  ): TextIndex {
    const building = new Map<string, { docs: number[]; priorities: number[] }>();
    records.forEach((record, doc) => {
      attributeGroups.forEach((group, priority) => {
        for (const attribute of group) {
          const strict = strictAttributes.has(attribute) ? STRICT_ONLY : 0;
          for (const text of searchableTextOf(valueAt(record, attribute))) {
            for (const term of words(text)) {
              let posting = building.get(term);
              if (!posting) {
                posting = { docs: [], priorities: [] };
                building.set(term, posting);
              }
              // Groups are visited in priority order, so the first entry for a document is its best.
              const last = posting.docs.length - 1;
              if (posting.docs[last] !== doc) {
                posting.docs.push(doc);
                posting.priorities.push(Math.min(priority, PRIORITY_BAND - 1) | strict);
              } else if (!strict) {
                posting.priorities[last]! &= ~STRICT_ONLY;
              }
            }
          }
        }
      });
    });
    const postings = new Map<string, Posting>();
    const termsByLength = new Map<number, string[]>();
    for (const [term, posting] of building) {
      postings.set(term, { docs: Int32Array.from(posting.docs), priorities: Uint8Array.from(posting.priorities) });
      const sameLength = termsByLength.get(term.length);
      if (sameLength) sameLength.push(term);
      else termsByLength.set(term.length, [term]);
    }
    return new TextIndex(postings, [...postings.keys()].sort(), termsByLength, records.length);
  }

  /** Index terms a query word matches, best first: exact, then prefix, then by typo count. */
  candidates(query: QueryWord): { term: string; typos: number; exact: boolean }[] {
    const found: { term: string; typos: number; exact: boolean }[] = [];
    if (this.postings.has(query.word)) found.push({ term: query.word, typos: 0, exact: true });
    if (query.prefix) {
      let low = 0;
      let high = this.terms.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (this.terms[mid]! < query.word) low = mid + 1;
        else high = mid;
      }
      for (let i = low; i < this.terms.length && this.terms[i]!.startsWith(query.word); i++) {
        if (this.terms[i] !== query.word) found.push({ term: this.terms[i]!, typos: 0, exact: false });
      }
    }
    if (query.typos > 0) {
      const typoMatches: { term: string; typos: number; exact: boolean }[] = [];
      for (let length = query.word.length - query.typos; length <= query.word.length + query.typos; length++) {
        for (const term of this.termsByLength.get(length) ?? []) {
          if (term === query.word || (query.prefix && term.startsWith(query.word))) continue;
          const typos = boundedTypoDistance(query.word, term, query.typos);
          if (typos <= query.typos) typoMatches.push({ term, typos, exact: false });
        }
      }
      typoMatches.sort((a, b) => a.typos - b.typos);
      found.push(...typoMatches);
    }
    return found;
  }

  /** Documents containing every query word (Algolia's default: no optional words). */
  match(queryWords: readonly QueryWord[]): TextMatches {
    const { size } = this;
    const wordsMatched = new Uint8Array(size);
    const typos = new Uint8Array(size);
    const priority = new Uint8Array(size).fill(PRIORITY_BAND - 1);
    const inexact = new Uint8Array(size);
    const firstWordDocs: number[] = [];
    queryWords.forEach((query, index) => {
      for (const candidate of this.candidates(query)) {
        const posting = this.postings.get(candidate.term)!;
        for (let i = 0; i < posting.docs.length; i++) {
          const doc = posting.docs[i]!;
          const entry = posting.priorities[i]!;
          if (candidate.typos > 0 && entry & STRICT_ONLY) continue;
          if ((entry & ~STRICT_ONLY) < priority[doc]!) priority[doc] = entry & ~STRICT_ONLY;
          // A document counts for this word once (its best candidate) and only if it matched every earlier word.
          if (wordsMatched[doc] !== index) continue;
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
