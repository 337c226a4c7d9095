/** `scheduler.yield()` where the browser has it (Chromium 129+); it keeps this task's place ahead of others. */
type SchedulerWithYield = { yield?: () => Promise<void> };

/**
 * Gives the main thread back to the browser (input, paint) before the next piece of start-up work, so hydrating
 * the header and each slot are separate tasks rather than one long one (issue 35).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
