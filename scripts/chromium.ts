import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const XMLLINT_PATH = "/usr/bin/xmllint";

/** A Debian package a test needs: as root we install it, otherwise we say how. */
function ensureDebianPackage(path: string, name: string, why: string): void {
  if (existsSync(path)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${why}: ${path} not found. Install it with: sudo apt-get update && sudo apt-get install -y ${name}`);
  }
  console.log(`Installing Debian's ${name}: ${why} (apt-get install -y ${name})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", name], { stdio: "inherit", env });
}

/** Browser tests use Debian's Chromium. */
export const ensureChromium = () => ensureDebianPackage(CHROMIUM_PATH, "chromium", "the browser tests use Debian's Chromium");
/** ADF lead documents are validated against the ADF 1.0 DTD with xmllint (tests/support/adf.ts). */
export const ensureXmllint = () => ensureDebianPackage(XMLLINT_PATH, "libxml2-utils", "the lead tests validate ADF/XML with xmllint");
