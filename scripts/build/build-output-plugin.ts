import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Compiler, RspackPluginInstance } from "@rspack/core";
import { pruneBuilds } from "./prune-builds";

export type BuildOutputOptions = {
  distDir: string;
  buildId: string;
  /** Extra files written to distDir after a successful build (e.g. the shell's entry.json). */
  extraFiles?: (stats: { entryFiles: string[]; chunkFiles: string[] }) => Record<string, string>;
};

/**
 * After a successful build: marks the build folder newest, writes dist/BUILD_ID and
 * dist/client/latest.json (so a Worker can resolve /latest/ through its assets binding),
 * then prunes old build folders.
 */
export class BuildOutputPlugin implements RspackPluginInstance {
  constructor(private readonly options: BuildOutputOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.done.tap("BuildOutputPlugin", (stats) => {
      if (stats.hasErrors()) return;
      const { distDir, buildId, extraFiles } = this.options;
      const clientDir = join(distDir, "client");
      const buildDir = join(clientDir, buildId);
      mkdirSync(buildDir, { recursive: true });
      const now = new Date();
      utimesSync(buildDir, now, now);
      const entryFiles = [...(stats.compilation.entrypoints.get("main")?.getFiles() ?? [])].filter((f) =>
        f.endsWith(".js"),
      );
      const chunkFiles = [...stats.compilation.chunks].flatMap((chunk) => [...chunk.files]).filter((f) => f.endsWith(".js") && !entryFiles.includes(f));
      for (const [name, content] of Object.entries(extraFiles?.({ entryFiles, chunkFiles }) ?? {})) {
        writeFileSync(join(distDir, name), content);
      }
      writeFileSync(join(clientDir, "latest.json"), `${JSON.stringify({ buildId })}\n`);
      writeFileSync(join(distDir, "BUILD_ID"), `${buildId}\n`);
      pruneBuilds(clientDir, buildId);
    });
  }
}
