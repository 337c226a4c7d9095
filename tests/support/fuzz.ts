import fc from "fast-check";

/** Requests in flight at once: enough to keep the local platform busy, few enough not to starve it. */
const CONCURRENCY = 12;

/**
 * The suite's runs are sized for CI time (npm test stays well under 20 minutes); `npm run bench:fuzz` sends ten
 * times as many (FUZZ_SCALE=10) with the same seeds, so a deep run repeats and extends the suite's.
 */
const FUZZ_SCALE = Number(process.env.FUZZ_SCALE ?? 1);

type Property<Ts extends unknown[]> = { arbitrary: fc.Arbitrary<Ts>; predicate: (...values: Ts) => Promise<void> };

/** Like fc.asyncProperty, for assertConcurrently. */
export function concurrentProperty<Ts extends unknown[]>(...args: [...arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }, predicate: (...values: Ts) => Promise<void>]): Property<Ts> {
  const predicate = args.pop() as (...values: Ts) => Promise<void>;
  return { arbitrary: fc.tuple(...(args as unknown as fc.Arbitrary<unknown>[])) as unknown as fc.Arbitrary<Ts>, predicate };
}

/**
 * Like fc.assert over an HTTP API, but with the runs sent CONCURRENTLY at a time: thousands of requests to a
 * local dev server one after another take minutes. The inputs are the seed's own sample, so a failure
 * repeats with the same seed; it is reported with its input (no shrinking: the input is what was sent).
 */
export async function assertConcurrently<Ts extends unknown[]>(property: Property<Ts>, options: { numRuns: number; seed: number }): Promise<void> {
  const inputs = fc.sample(property.arbitrary, { numRuns: Math.round(options.numRuns * FUZZ_SCALE), seed: options.seed });
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < inputs.length && failures.length === 0) {
      const input = inputs[next++] as Ts;
      try {
        await property.predicate(...input);
      } catch (error) {
        failures.push(`seed ${options.seed}, input ${JSON.stringify(input).slice(0, 500)}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failures.length) throw new Error(failures[0]);
}
