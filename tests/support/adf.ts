import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The ADF 1.0 DTD (tests/fixtures/README.md names its source). */
export const ADF_DTD = join(dirname(fileURLToPath(import.meta.url)), "../fixtures/adf-1.0.dtd");

/**
 * Validates an ADF document against the DTD with xmllint (Debian's libxml2-utils; npm test installs it). The
 * DTD's own "not determinist" warning about `contact` is libxml2's remark on the DTD, not on the document.
 */
export function adfProblems(xml: string): string[] {
  const run = spawnSync("xmllint", ["--noout", "--dtdvalid", ADF_DTD, "-"], { input: xml, encoding: "utf8" });
  if (run.error) throw new Error(`xmllint did not run (apt-get install -y libxml2-utils): ${run.error.message}`);
  const problems = run.stderr.split("\n").filter((line) => line.trim() !== "" && !/not determinist/.test(line) && !/^\s*\^?\s*$/.test(line));
  return run.status === 0 ? [] : problems.length ? problems : [`xmllint exited ${run.status}`];
}
