/**
 * Who the shopper is; the zod schema lives in contract/session.ts so the browser bundle stays zod-free.
 * The gateway fills it on the server from the session cookie (ADR 0016), so signed-in pages render signed in.
 * `name`, `watchlist` (the saved car ids) and `postcode` (kept with the account, ADR 0079) are optional: an anonymous
 * session has none of them.
 */
export type Session = { userId: string | null; phone: string | null; name?: string | null; watchlist?: number[]; postcode?: string | null };
export const anonymousSession: Session = { userId: null, phone: null };
