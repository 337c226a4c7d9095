import { parseArgs } from "node:util";
import { loadDemoStockIfEmpty, prepare, printSites } from "./setup";
import { remotes, startStack, stopStack, type WorkerName } from "./stack";

/**
 * npm start: build, migrate, seed, run every Worker, load demo stock, print the sites.
 *   npm start -- --only mf-search         one remote alone (for a squad's local work)
 *   npm start -- --without mf-finance     the platform without one remote
 */
const { values } = parseArgs({
  options: { only: { type: "string", multiple: true }, without: { type: "string", multiple: true } },
});
const known = new Set<string>([...remotes, "edge"]);
for (const name of [...(values.only ?? []), ...(values.without ?? [])]) {
  if (!known.has(name)) {
    console.error(`Unknown worker "${name}". Known: ${[...known].join(", ")}`);
    process.exit(2);
  }
}

await prepare();
const workers = await startStack({
  ...(values.only ? { only: values.only as WorkerName[] } : {}),
  ...(values.without ? { without: values.without as WorkerName[] } : {}),
});
if (workers.some((w) => w.name === "edge") && workers.some((w) => w.name === "mf-search")) await loadDemoStockIfEmpty();
printSites(workers);
let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping…");
  await stopStack(workers);
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
console.log("Press Ctrl+C to stop.");
