/** Seeded PRNG (mulberry32) so the demo data is identical on every machine and every run. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Up to `count` distinct items, in their original order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** FNV-1a, so a seed can be named by a string such as a site slug. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRng(seed: string | number): Rng {
  let state = typeof seed === "number" ? seed >>> 0 : hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[int(0, items.length - 1)] as T;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, items.length)) chosen.add(int(0, items.length - 1));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
  };
  return { next, int, chance: (p) => next() < p, pick, sample };
}
