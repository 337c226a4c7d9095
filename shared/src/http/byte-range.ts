/** What a Range header asks of a file of `size` bytes (RFC 9110 §14): one byte range, none, or nothing it can give. */
export type ByteRange = { kind: "whole" } | { kind: "part"; start: number; end: number } | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/**
 * A single `bytes=` range (first-last, first-, or -suffix; last is inclusive and clamped to the file). A header the
 * rule may ignore (absent, malformed, another unit, several ranges) gives the whole file; a range that starts past
 * the end, or an empty suffix, is unsatisfiable (416).
 */
export function byteRange(header: string | null | undefined, size: number): ByteRange {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    const suffix = Math.min(Number(last), size);
    return suffix === 0 ? { kind: "unsatisfiable" } : { kind: "part", start: size - suffix, end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  return start >= size ? { kind: "unsatisfiable" } : { kind: "part", start, end };
}

/**
 * If-Range (RFC 9110 §13.1.5): a range applies only while the file is still the copy the client has, named by its
 * strong ETag or its exact Last-Modified date; otherwise the whole file is sent. A weak ETag never matches. Without
 * the header the range applies.
 */
export function ifRangeHolds(header: string | null | undefined, current: { etag?: string; lastModified?: Date }): boolean {
  if (!header) return true;
  const value = header.trim();
  if (value.startsWith("W/")) return false;
  if (value.startsWith('"')) return current.etag !== undefined && value === current.etag;
  const date = Date.parse(value);
  return current.lastModified !== undefined && !Number.isNaN(date) && Math.floor(current.lastModified.getTime() / 1000) * 1000 === date;
}
