import { join } from "node:path";

/**
 * npm run bench:scale [-- --sizes 2700,25000,100000,250000] [--sites 300] [--runs 10] [--search-runs 60]
 *                        [--change-runs 5] [--cold-runs 2] [--stream-seconds 15] [--feed 10000]
 * Issue 20's figures at each network size, printed as a table per size and a summary, and written to
 * .state/reports/bench-scale.json. It runs its own platform on PLATFORM_PORT with its own local state
 * (.state/bench-scale, wiped at the start): the demo data first, then generated dealer sites grown through the
 * stock API, size by size; at each size, a bulk feed of --feed cars and how long after its last batch search finds
 * all of them (issue 32). Asserts nothing. Linux only (it reads /proc for memory and CPU).
 */
process.env.PLATFORM_STATE_DIR = join(import.meta.dirname, "../../.state/bench-scale/state");
await import("./scale/run");
