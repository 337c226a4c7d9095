import { execFileSync } from "node:child_process";
import { join } from "node:path";
import {
  type RemoteName,
  ROOT,
  recordedSessions,
  remotes,
  type Session,
  startPlatform,
  startRemoteAlone,
  stopSession,
  writeDevVars,
} from "../../scripts/stack";

/**
 * The squad shape: the platform's session without one remote, and that remote as its own session
 * (found through the dev registry). Tests that stop, slow or redeploy a remote use it, then restore.
 */
async function stopRecorded(label: string): Promise<void> {
  const session = recordedSessions().find((s) => s.label === label);
  if (session) await stopSession(session);
}

export async function platformWithout(remote: RemoteName): Promise<Session> {
  await stopRecorded(remote);
  await stopRecorded("platform");
  return startPlatform({ without: [remote] });
}

export async function restartLoneRemote(remote: RemoteName): Promise<Session> {
  await stopRecorded(remote);
  return startRemoteAlone(remote);
}

export const stopLoneRemote = (remote: RemoteName) => stopRecorded(remote);

/** Back to the one session with every remote, as npm start runs it. */
export async function restoreFullPlatform(): Promise<Session> {
  for (const session of recordedSessions().filter((s) => s.label !== "platform")) await stopSession(session);
  const platform = recordedSessions().find((s) => s.label === "platform");
  // The gateway and every remote: a count written as a number went stale when a remote was added.
  if (platform && remotes.every((name) => platform.workers.includes(name))) return platform;
  await stopRecorded("platform");
  return startPlatform();
}

/** Build one package the way npm run build does (rspack in its own process), and hand out its build id. */
export function buildPackage(name: string, buildId?: string): void {
  execFileSync(process.execPath, [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, "scripts/build/build-all.ts"), name], {
    cwd: ROOT,
    env: { ...process.env, ...(buildId ? { BUILD_ID: buildId } : { BUILD_ID: "" }) },
    stdio: "pipe",
  });
  writeDevVars();
}
