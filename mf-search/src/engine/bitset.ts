/** Fixed-size set of document ids backed by 32-bit words; the engine's currency for filter results. */
export class Bitset {
  readonly words: Uint32Array;

  constructor(readonly size: number, words?: Uint32Array) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    set.clearTail();
    return set;
  }

  static fromDocs(size: number, docs: ArrayLike<number>): Bitset {
    const set = new Bitset(size);
    for (let i = 0; i < docs.length; i++) set.add(docs[i] as number);
    return set;
  }

  add(doc: number): void {
    this.words[doc >>> 5]! |= 1 << (doc & 31);
  }

  delete(doc: number): void {
    this.words[doc >>> 5]! &= ~(1 << (doc & 31));
  }

  /** The same members in a set of `size` (larger or smaller; members past a smaller size are dropped). */
  resized(size: number): Bitset {
    const set = new Bitset(size);
    set.words.set(this.words.subarray(0, set.words.length));
    set.clearTail();
    return set;
  }

  has(doc: number): boolean {
    return (this.words[doc >>> 5]! & (1 << (doc & 31))) !== 0;
  }

  and(other: Bitset): Bitset {
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = this.words[i]! & other.words[i]!;
    return new Bitset(this.size, out);
  }

  or(other: Bitset): Bitset {
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = this.words[i]! | other.words[i]!;
    return new Bitset(this.size, out);
  }

  not(): Bitset {
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = ~this.words[i]!;
    const set = new Bitset(this.size, out);
    set.clearTail();
    return set;
  }

  count(): number {
    let total = 0;
    for (let i = 0; i < this.words.length; i++) {
      let v = this.words[i]!;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  }

  /** Calls `visit` for each member in ascending order. */
  forEach(visit: (doc: number) => void): void {
    for (let i = 0; i < this.words.length; i++) {
      let word = this.words[i]!;
      while (word !== 0) {
        const low = word & -word;
        visit((i << 5) + (31 - Math.clz32(low)));
        word ^= low;
      }
    }
  }

  /** Bits past `size` in the last word must stay clear so count() and not() are exact. */
  private clearTail(): void {
    const spare = this.words.length * 32 - this.size;
    if (spare > 0 && this.words.length > 0) this.words[this.words.length - 1]! &= 0xffffffff >>> spare;
  }
}
