import type { Context } from "hono";

/**
 * Hands work that need not hold up the answer to the Worker's waitUntil (an audit entry a refusal writes, so the
 * refusal takes the time any other does). Without an execution context (a unit test's app.request) it runs unheld.
 */
export function afterAnswer(c: Context): (work: Promise<unknown>) => void {
  let context: ExecutionContext | null = null;
  try {
    context = c.executionCtx;
  } catch {
    // Hono throws when the request came without one.
  }
  return (work) => {
    const logged = work.catch((error: unknown) => console.error("[after answer]", error));
    context?.waitUntil(logged);
  };
}
