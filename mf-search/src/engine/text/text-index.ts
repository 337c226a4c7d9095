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

/**
 * Inverted index: term -> documents, stored compressed (one array of all postings plus offsets per term) to
 * keep memory and build time low.
 */
export class TextIndex {
  private constructor(
    private readonly termIds: Map<string, number>,
    private readonly terms: string[],
    /** Postings of term t: docs[postingStart[t] .. postingStart[t + 1]), ascending. */
    private readonly postingStart: Int32Array,
    private readonly docs: Int32Array,
    /** Per posting entry: best (lowest) searchable-attribute priority, plus STRICT_ONLY. */
    private readonly priorities: Uint8Array,
    /** Term ids in term order, for prefix lookups by binary search. */
    private readonly sortedTerms: Int32Array,
    /** Term ids by term length, so typo candidates only compare words of near length. */
    private readonly termsByLength: Map<number, number[]>,
    private readonly size: number,
  ) {}

  static build(
    records: readonly IndexRecord[],
    attributeGroups: readonly string[][],
    strictAttributes: ReadonlySet<string> = new Set(),
  ): TextIndex {
    const termIds = new Map<string, number>();
    const terms: string[] = [];
    const lastDoc: number[] = [];
    const lastEntry: number[] = [];
    const entryTerm: number[] = [];
    const entryDoc: number[] = [];
    const entryPriority: number[] = [];
    // Makes, models and colours repeat across thousands of vehicles: split each distinct text once.
    const wordsOf = new Map<string, string[]>();
    records.forEach((record, doc) => {
      attributeGroups.forEach((group, groupIndex) => {
        const priority = Math.min(groupIndex, PRIORITY_BAND - 1);
        for (const attribute of group) {
          const strict = strictAttributes.has(attribute);
          for (const text of searchableTextOf(valueAt(record, attribute))) {
            let split = wordsOf.get(text);
            if (!split) {
              split = words(text);
              wordsOf.set(text, split);
            }
            for (const term of split) {
              let id = termIds.get(term);
              if (id === undefined) {
                id = terms.length;
                termIds.set(term, id);
                terms.push(term);
                lastDoc.push(-1);
                lastEntry.push(-1);
              }
              // Groups are visited in priority order, so a document's first entry for a term holds its best.
              if (lastDoc[id] !== doc) {
                lastDoc[id] = doc;
                lastEntry[id] = entryDoc.length;
                entryTerm.push(id);
                entryDoc.push(doc);
                entryPriority.push(strict ? priority | STRICT_ONLY : priority);
              } else if (!strict) {
                entryPriority[lastEntry[id]!]! &= ~STRICT_ONLY;
              }
            }
          }
        }
      });
    });
    // Counting sort of the entries by term; documents stay ascending within each term.
    const postingStart = new Int32Array(terms.length + 1);
    for (const term of entryTerm) postingStart[term + 1]!++;
    for (let t = 0; t < terms.length; t++) postingStart[t + 1]! += postingStart[t]!;
    const fill = postingStart.slice(0, terms.length);
    const docs = new Int32Array(entryDoc.length);
    const priorities = new Uint8Array(entryDoc.length);
    for (let e = 0; e < entryDoc.length; e++) {
      const at = fill[entryTerm[e]!]!++;
      docs[at] = entryDoc[e]!;
      priorities[at] = entryPriority[e]!;
    }
    const sortedTerms = Int32Array.from(terms.keys()).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
    const termsByLength = new Map<number, number[]>();
    terms.forEach((term, id) => {
      const sameLength = termsByLength.get(term.length);
      if (sameLength) sameLength.push(id);
      else termsByLength.set(term.length, [id]);
    });
    return new TextIndex(termIds, terms, postingStart, docs, priorities, sortedTerms, termsByLength, records.length);
  }

  /** Index terms a query word matches, best first: exact, then prefix, then by typo count. */
  private candidates(query: QueryWord): Candidate[] {
    const found: Candidate[] = [];
    const exact = this.termIds.get(query.word);
    if (exact !== undefined) found.push({ term: exact, typos: 0, exact: true });
    if (query.prefix) {
      let low = 0;
      let high = this.sortedTerms.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (this.terms[this.sortedTerms[mid]!]! < query.word) low = mid + 1;
        else high = mid;
      }
      for (let i = low; i < this.sortedTerms.length; i++) {
        const id = this.sortedTerms[i]!;
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
  match(queryWords: readonly QueryWord[]): TextMatches {
    const { size } = this;
    const wordsMatched = new Uint8Array(size);
    const typos = new Uint8Array(size);
    const priority = new Uint8Array(size).fill(PRIORITY_BAND - 1);
    const inexact = new Uint8Array(size);
    const firstWordDocs: number[] = [];
    queryWords.forEach((query, index) => {
      for (const candidate of this.candidates(query)) {
        const end = this.postingStart[candidate.term + 1]!;
        for (let i = this.postingStart[candidate.term]!; i < end; i++) {
          const doc = this.docs[i]!;
          const entry = this.priorities[i]!;
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
