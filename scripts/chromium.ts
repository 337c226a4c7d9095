import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The sitemap and lead tests validate XML against its standard's schema or DTD with libxml2's xmllint. */
export const XMLLINT_PATH = "/usr/bin/xmllint";

/** A tool the tests need from Debian's packages: as root we install it, otherwise we say how. */
function ensureDebianTool(path: string, debianPackage: string, usedFor: string): void {
  if (existsSync(path)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${path} not found. Install it with: sudo apt-get update && sudo apt-get install -y ${debianPackage}`);
  }
  console.log(`Installing Debian's ${debianPackage} for ${usedFor} (apt-get install -y ${debianPackage})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", debianPackage], { stdio: "inherit", env });
}

/** Browser tests use Debian's Chromium. */
export const ensureChromium = () => ensureDebianTool(CHROMIUM_PATH, "chromium", "the browser tests");
export const ensureXmllint = () => ensureDebianTool(XMLLINT_PATH, "libxml2-utils", "the sitemap and ADF lead checks");
/** The platform tests read the local D1 file with sqlite3 (tests/support/db.ts). */
export const ensureSqlite = () => ensureDebianTool("/usr/bin/sqlite3", "sqlite3", "the platform tests' reads of the local D1");

/** Headless Chromium's flags for the browser tests and the benches (Lighthouse too): no GPU, no background traffic to skew timings. */
export const CHROMIUM_FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}
