/** The value at or above p percent of the samples (nearest rank, the higher one on a tie); 0 for none. */
export const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

export type Summary = { n: number; p50: number; p95: number; max: number };

export function summarize(values: number[]): Summary {
  return { n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), max: values.length ? Math.max(...values) : 0 };
}
