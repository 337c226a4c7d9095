import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./browser-config";

const DESIGN_DIR = join(repoRoot, "shared/src/ui/design");

/** The components whose styles are not in every head: a remote that uses one lists it (createRemoteConfig). */
export type DesignComponentCss = "breadcrumb" | "card" | "badge-chip" | "price-block" | "key-facts" | "steps" | "field" | "dialog-toast" | "tabs-accordion-carousel" | "empty-state" | "skeleton";

/** Tokens and the core components (type, focus, button): put in front of the shell's base.css. */
export function designSystemCss(): string {
  return ["tokens.css", "core.css"].map((file) => readFileSync(join(DESIGN_DIR, file), "utf8")).join("\n");
}

/** The styles of the components a remote uses, put in front of its fragments.css. */
export function designComponentCss(components: readonly DesignComponentCss[]): string {
  return components.map((name) => readFileSync(join(DESIGN_DIR, "components", `${name}.css`), "utf8")).join("\n");
}
