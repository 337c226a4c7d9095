import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./browser-config";

/** The design system's stylesheets in cascade order (tokens first); shared/src/ui/design, docs/design.md. */
export const DESIGN_SYSTEM_FILES = ["tokens.css", "components.css"] as const;

export function designSystemCss(): string {
  return DESIGN_SYSTEM_FILES.map((file) => readFileSync(join(repoRoot, "shared/src/ui/design", file), "utf8")).join("\n");
}
