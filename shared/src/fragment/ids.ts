/**
 * useId prefix of a slot's React root, the same on the server and in the browser, so ids (and the labels
 * pointing at them) stay unique when several slots share a page. Zod-free: the shell imports it.
 */
export const slotIdPrefix = (slot: string) => `${slot}-`;
