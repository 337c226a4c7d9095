import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ROOT, type RunningWorker, recordedStack, recordStack, startWorker, stopWorker, type WorkerName } from "../../scripts/stack";

/** Replace one running Worker (by its recorded PID) with a new process, keeping the record true. */
export async function replaceWorker(name: WorkerName, vars: Record<string, string> = {}): Promise<RunningWorker> {
  await stopRecordedWorker(name);
  const worker = await startWorker(name, vars);
  recordStack([...recordedStack().filter((w) => w.name !== name), worker]);
  return worker;
}

export async function stopRecordedWorker(name: WorkerName): Promise<void> {
  const current = recordedStack().find((w) => w.name === name);
  if (current) await stopWorker(current);
  recordStack(recordedStack().filter((w) => w.name !== name));
}

/** Build one package the way npm run build does (rspack in its own process). */
export function buildPackage(name: string, buildId?: string): void {
  execFileSync(process.execPath, [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, "scripts/build/build-all.ts"), name], {
    cwd: ROOT,
    env: { ...process.env, ...(buildId ? { BUILD_ID: buildId } : { BUILD_ID: "" }) },
    stdio: "pipe",
  });
}
