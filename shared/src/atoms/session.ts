/**
 * Who the shopper is; the zod schema lives in contract/session.ts so the browser bundle stays zod-free.
 * The gateway fills it on the server from the session cookie (ADR 0016), so signed-in pages render signed in.
 * `name` and `watchlist` (the saved car ids) are optional: an anonymous session has neither.
 */
export type Session = { userId: string | null; phone: string | null; name?: string | null; watchlist?: number[] };
export const anonymousSession: Session = { userId: null, phone: null };
