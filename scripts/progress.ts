/** Seconds between progress lines of a long step. */
export const PROGRESS_EVERY_MS = 15_000;

/**
 * A line every 15 s while `work` runs, so a step of npm start that takes minutes on a busy machine (migrations, the
 * seed, the demo stock) never looks hung (issue 33).
 */
export async function withProgress<T>(label: string, work: Promise<T>, everyMs = PROGRESS_EVERY_MS, log: (line: string) => void = console.log): Promise<T> {
  const started = Date.now();
  const timer = setInterval(() => log(`  … still ${label} (${Math.round((Date.now() - started) / 1000)} s)`), everyMs);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}
