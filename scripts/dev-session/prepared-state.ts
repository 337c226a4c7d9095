import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * What set-up already did to the local database, kept inside the database's own folder (deleting
 * .wrangler/state forgets it too). A later start with the same migrations skips the wrangler calls
 * that would only find everything in place: seconds saved on every start.
 */
export type PreparedState = {
  migrations: string;
  /** Fingerprint of the demo seed's sources: a changed demo site config is upserted again on the next start. */
  seed?: string;
  sites: { slug: string; name: string }[];
  stockLoaded: boolean;
};

/** A hash of a folder's files (those `keep` accepts), names and contents. */
export function folderFingerprint(dir: string, keep: (file: string) => boolean = () => true): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(dir).sort().filter(keep)) hash.update(file).update(readFileSync(join(dir, file)));
  return hash.digest("hex");
}

export function readPreparedState(stateDir: string): PreparedState | null {
  const file = join(stateDir, "prepared.json");
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as PreparedState;
  } catch {
    return null;
  }
}

export function writePreparedState(stateDir: string, state: PreparedState): void {
  writeFileSync(join(stateDir, "prepared.json"), `${JSON.stringify(state, null, 2)}\n`);
}
