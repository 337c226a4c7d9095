/**
 * A session is hung when it answered its health check once and then answered none for `hungAfterMs`: the local
 * workerd has livelocked in V8's platform (cppgc's sweep task reposting itself, ADR 0125) and held one core with its
 * process alive, so a watch of the process alone never saw it. A session still starting has not answered yet and is
 * never hung; a busy one answers within minutes, so the default is twice the longest stall measured (ADR 0121).
 */
export const HUNG_AFTER_MS = 120_000;

export class HealthWatch {
  private readonly lastAnswered = new Map<string, number>();
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly hungAfterMs = HUNG_AFTER_MS,
    private readonly probeTimeoutMs = 5000,
  ) {}

  /**
   * Starts one check of the address unless one is still waiting; an answer with any status counts (the Worker ran).
   * `key` names the process, not the port: a session started again on the same port starts unanswered.
   */
  probe(key: string, url: string): void {
    if (this.inFlight.has(key)) return;
    this.inFlight.add(key);
    fetch(url, { signal: AbortSignal.timeout(this.probeTimeoutMs) })
      .then(
        async (response) => {
          await response.body?.cancel();
          this.lastAnswered.set(key, Date.now());
        },
        () => undefined,
      )
      .finally(() => this.inFlight.delete(key));
  }

  /** Milliseconds since the process last answered, if that is over the limit; otherwise undefined. */
  silentFor(key: string, now = Date.now()): number | undefined {
    const last = this.lastAnswered.get(key);
    return last !== undefined && now - last > this.hungAfterMs ? now - last : undefined;
  }
}
