/** Who the shopper is; the zod schema lives in contract/session.ts so the browser bundle stays zod-free. */
export type Session = { userId: string | null; phone: string | null };
export const anonymousSession: Session = { userId: null, phone: null };
