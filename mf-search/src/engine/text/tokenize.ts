const ASCII = /^\p{ASCII}*$/u;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cases and strips diacritics so 'Škoda' and 'skoda' index alike. */
export function normalizeText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

export interface Token {
  /** Normalised word. */
  word: string;
  /** Offsets of the word in the original text (for highlighting). */
  start: number;
  end: number;
}

/** Splits on anything that is not a letter or digit, as Algolia's default separators do. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    tokens.push({ word: normalizeText(match[0]), start, end: start + match[0].length });
  }
  return tokens;
}

/** The normalised words of a text (no offsets; the indexing fast path). */
export function words(text: string): string[] {
  return normalizeText(text)
    .split(SEPARATORS)
    .filter((word) => word.length > 0);
}
