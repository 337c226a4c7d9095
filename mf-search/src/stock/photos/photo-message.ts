/** One photo URL for the photo queue's consumer to fetch (ADR 0067); a leaf, so the Worker's env can name it. */
export type PhotoMessage = { site: string; url: string };
