import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

// Evaluated through DevTools, so the page's CSP (which rightly refuses inline scripts) allows it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; help: string; nodes: { target: string[] }[] };

/** axe's rule tags of WCAG 2.2 level A and AA (2.0, 2.1 and 2.2's own criteria). */
export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe's WCAG 2 A/AA violations inside the given parts of the page, or the whole page when none are given. */
export async function axeViolations(page: Page, selectors: string[] = [], tags = ["wcag2a", "wcag2aa", "wcag21aa"]): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async ([include, values]) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[]; passes: unknown[] }> } }).axe;
    const context = include.length ? { include: include.map((selector) => [selector]) } : document;
    // Passes and incompletes are reported by one node each: collecting them all cost more than the check.
    const result = await axe.run(context, { runOnly: { type: "tag", values }, resultTypes: ["violations"] });
    // A check that checked nothing proves nothing: the parts must exist and pass some rules.
    if (result.passes.length === 0) throw new Error(`axe checked nothing in ${include.join(", ") || "the page"}`);
    return result.violations;
  }, [selectors, tags] as const);
  return found.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}
