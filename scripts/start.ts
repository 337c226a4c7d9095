import { parseArgs } from "node:util";
import { collectIsolatesEvery } from "./dev-session/isolate-collector";
import { recordStartTime } from "./dev-session/start-times";
import { build, loadDemoStock, prepare, printSites, StepFailed, step, waitForDemoPhotos } from "./setup";
import { DEMO_PHOTOS_PORT, killSessionsNow, type RemoteName, remotes, type Session, startDemoPhotoOrigin, startPlatform, startRemoteAlone, stopSession } from "./stack";

/**
 * npm start                               the gateway and every remote in one wrangler dev session
 * npm run start:without -- mf-finance     the platform without a remote (a squad runs theirs alone)
 * npm run start:remote -- mf-finance      that remote alone, as its own wrangler dev session
 * Any failure stops whatever this run started, and says what failed and what to do.
 */
const { values } = parseArgs({
  allowPositionals: true,
  options: { without: { type: "string", multiple: true }, remote: { type: "string" } },
});
const isRemote = (name: string): name is RemoteName => (remotes as readonly string[]).includes(name);
for (const name of [...(values.without ?? []), ...(values.remote ? [values.remote] : [])]) {
  if (!isRemote(name)) {
    console.error(`Unknown remote "${name}". Known: ${remotes.join(", ")}`);
    process.exit(2);
  }
}

const started: Session[] = [];
const startedAt = Date.now();
// If this process dies anyway, it takes its session with it.
process.on("exit", () => killSessionsNow(started));

async function main(): Promise<void> {
  if (values.remote) {
    const name = values.remote as RemoteName;
    await build([name]);
    const session = await step(`Starting ${name} alone`, `is the platform running? It must be started without it: npm run start:without -- ${name}`, () => startRemoteAlone(name));
    started.push(session);
    console.log(`\n${name} runs alone at http://127.0.0.1:${session.port} (pid ${session.pid}); the platform's gateway finds it through the dev registry.`);
    return;
  }
  // The demo's photo origin first: it renders the demo's pictures while the platform builds and starts (ADR 0094).
  started.push(await step("Starting the demo photo origin", "see .state/logs/demo-photos.log; npm run stop clears leftovers", startDemoPhotoOrigin));
  const prepared = await prepare();
  const session = await step("Starting the platform", "see the session log named above; npm run stop clears leftovers", () =>
    startPlatform({ without: (values.without ?? []) as RemoteName[] }),
  );
  started.push(session);
  if (prepared.stockEmpty) {
    if (session.workers.includes("mf-search")) await loadDemoStock();
    else console.log("The stock is empty and mf-search is not in this session: start it alone, then run npm start again to load the demo stock.");
  }
  recordStartTime(Date.now() - startedAt, prepared.stockEmpty);
  // The local workerd's isolates hold their garbage until asked (ADR 0129).
  collectIsolatesEvery(() => started);
  printSites(session, prepared.sites);
  console.log(`\n  Demo photos: http://127.0.0.1:${DEMO_PHOTOS_PORT} (the demo's photo origin); the sites serve now, and a car shows the placeholder until its photos are in.`);
  void waitForDemoPhotos().then(({ ready, failed, pending }) => {
    const since = Math.round((Date.now() - startedAt) / 1000);
    if (pending) console.log(`\n✘ Demo photos: ${pending} still pending ${since} s after the start (${ready} in, ${failed} failed): see .state/logs/platform.log.`);
    else console.log(`\n✔ Demo photos in: ${ready} held${failed ? `, ${failed} failed` : ""}, ${since} s after the start.`);
  });
}

let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log("\nStopping…");
    for (const session of started.reverse()) await stopSession(session);
    started.length = 0;
  }
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

try {
  await main();
  // A session stopped from elsewhere (npm run stop) or crashed ends this run too.
  for (const session of started) {
    session.process?.once("exit", () => {
      if (stopping) return;
      console.error(`\n${session.label} stopped (see .state/logs/${session.label}.log).`);
      void shutdown(1);
    });
  }
  console.log("Press Ctrl+C to stop.");
} catch (error) {
  if (error instanceof StepFailed) console.error(`\n✘ ${error.message}\n  What to do: ${error.advice}`);
  else console.error("\n✘ npm start failed:", error);
  await shutdown(1);
}
