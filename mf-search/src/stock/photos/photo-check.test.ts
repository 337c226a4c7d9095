import { describe, expect, it } from "vitest";
import { type Bytes, oneChunk } from "./photo-check";

/** Every chunk a stream gives, in order. */
async function chunksOf(stream: ReadableStream<Bytes>): Promise<Bytes[]> {
  const chunks: Bytes[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}

function photo(size: number): Bytes {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

/**
 * How a photo's bytes are handed on (ADR 0119): locally every Worker shares workerd's one thread, and whoever reads a
 * stream that has all its chunks at once reads them in one synchronous turn, which a page's request waits behind.
 */
describe("a photo handed to the Images binding", () => {
  it("is one chunk holding the whole photo (a Blob's stream came in many, read in one long turn), and a copy of it", async () => {
    const bytes = photo(370 * 1024);
    const chunks = await chunksOf(oneChunk(bytes));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toEqual(bytes);
    expect(chunks[0]?.buffer).not.toBe(bytes.buffer);
  });
});
