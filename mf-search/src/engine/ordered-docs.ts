/**
 * Documents kept in an order (the custom ranking, or a sort replica's), with each one's place in it. A document
 * changes place by one removal and one binary insertion: a copy of the order, not a sort.
 */
export class OrderedDocs {
  private docs = new Int32Array(0);
  private count = 0;
  /** Place of each document in `order`, -1 for a document not in it. */
  position = new Int32Array(0);

  constructor(private readonly compare: (a: number, b: number) => number) {}

  get order(): Int32Array {
    return this.docs.subarray(0, this.count);
  }

  get length(): number {
    return this.count;
  }

  /** Orders `docs` at once (a bulk load), for document ids below `capacity`. */
  reset(docs: readonly number[], capacity: number): void {
    this.docs = Int32Array.from(docs).sort(this.compare);
    this.count = docs.length;
    this.position = new Int32Array(capacity).fill(-1);
    this.renumber(0);
  }

  grow(capacity: number): void {
    const position = new Int32Array(capacity).fill(-1);
    position.set(this.position);
    this.position = position;
  }

  insert(doc: number): void {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(this.docs[mid]!, doc) < 0) low = mid + 1;
      else high = mid;
    }
    if (this.count === this.docs.length) {
      const docs = new Int32Array(Math.max(16, this.count * 2));
      docs.set(this.docs);
      this.docs = docs;
    }
    this.docs.copyWithin(low + 1, low, this.count);
    this.docs[low] = doc;
    this.count++;
    this.renumber(low);
  }

  remove(doc: number): void {
    const at = this.position[doc]!;
    if (at < 0) return;
    this.docs.copyWithin(at, at + 1, this.count);
    this.count--;
    this.position[doc] = -1;
    this.renumber(at);
  }

  private renumber(from: number): void {
    for (let i = from; i < this.count; i++) this.position[this.docs[i]!] = i;
  }

  estimatedBytes(): number {
    return this.docs.byteLength + this.position.byteLength;
  }
}
