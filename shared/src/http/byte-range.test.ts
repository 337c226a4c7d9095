import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteRange, ifRangeHolds } from "./byte-range";

describe("byteRange", () => {
  it("gives the asked bytes, inclusive, clamped to the file", () => {
    expect(byteRange("bytes=0-99", 1000)).toEqual({ kind: "part", start: 0, end: 99 });
    expect(byteRange("bytes=900-", 1000)).toEqual({ kind: "part", start: 900, end: 999 });
    expect(byteRange("bytes=990-5000", 1000)).toEqual({ kind: "part", start: 990, end: 999 });
    expect(byteRange("bytes=-100", 1000)).toEqual({ kind: "part", start: 900, end: 999 });
    expect(byteRange("bytes=-5000", 1000)).toEqual({ kind: "part", start: 0, end: 999 });
    expect(byteRange(" bytes=0-0 ", 1000)).toEqual({ kind: "part", start: 0, end: 0 });
  });

  it("ignores a header it need not follow: absent, malformed, another unit, several ranges, last before first", () => {
    for (const header of [null, undefined, "", "bytes=", "bytes=-", "bytes=a-b", "items=0-1", "bytes=0-1,5-9", "bytes=10-5", "bytes=0x10-"]) {
      expect(byteRange(header, 1000)).toEqual({ kind: "whole" });
    }
  });

  it("cannot satisfy a range past the end or an empty suffix", () => {
    expect(byteRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(byteRange("bytes=5000-6000", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(byteRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(byteRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });

  it("any header gives a range inside the file, the whole file or unsatisfiable, never a throw", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^bytes=\d{0,4}-\d{0,4}$/)), fc.integer({ min: 0, max: 5000 }), (header, size) => {
        const range = byteRange(header, size);
        if (range.kind === "part") {
          expect(range.start).toBeGreaterThanOrEqual(0);
          expect(range.start).toBeLessThanOrEqual(range.end);
          expect(range.end).toBeLessThan(size);
        }
      }),
    );
  });
});

describe("ifRangeHolds", () => {
  const current = { etag: '"abc123"', lastModified: new Date("2026-11-28T10:00:00.400Z") };
  it("applies the range without If-Range, or when it names the file's strong ETag or exact date", () => {
    expect(ifRangeHolds(undefined, current)).toBe(true);
    expect(ifRangeHolds('"abc123"', current)).toBe(true);
    expect(ifRangeHolds("Sat, 28 Nov 2026 10:00:00 GMT", current)).toBe(true);
  });
  it("sends the whole file for another ETag, a weak one, another date or an unreadable value", () => {
    expect(ifRangeHolds('"other"', current)).toBe(false);
    expect(ifRangeHolds('W/"abc123"', current)).toBe(false);
    expect(ifRangeHolds("Sat, 28 Nov 2026 09:59:59 GMT", current)).toBe(false);
    expect(ifRangeHolds("yesterday", current)).toBe(false);
    expect(ifRangeHolds('"abc123"', {})).toBe(false);
  });
});
