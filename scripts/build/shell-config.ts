import { join } from "node:path";
import { rspack, type Configuration } from "@rspack/core";
import { ModuleFederationPlugin } from "@module-federation/enhanced/rspack";
import { browserConfig, repoRoot, resolveBrowserBuild, type BrowserBuildOptions } from "./browser-config";
import { sharedSingletons } from "./shared-singletons";

export const shellDir = join(repoRoot, "shell");

/** dist/entry.json: files (relative to /_shell/{buildId}/) the gateway puts in every page. */
export type ShellEntry = { buildId: string; scripts: string[]; styles: string[] };

/**
 * The Module Federation host. It has no static remotes: the client registers each remote at run
 * time pinned to the build that rendered the slot.
 */
export function createShellConfig(options: Pick<BrowserBuildOptions, "distDir" | "buildId"> = {}): Configuration {
  const build = resolveBrowserBuild({ ...options, packageDir: shellDir, publicBase: "/_shell" });
  return browserConfig(build, {
    context: shellDir,
    entry: { main: "./src/client/main.ts" },
    plugins: [
      new ModuleFederationPlugin({
        name: "shell",
        remotes: {},
        shared: sharedSingletons(shellDir),
        shareStrategy: "loaded-first",
        manifest: false,
        dts: false,
        experiments: { provideExternalRuntime: true, optimization: { target: "web" } },
      }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: "src/styles/base.css", to: "base.css" }] }),
    ],
    extraFiles: ({ entryFiles }) => {
      const entry: ShellEntry = {
        buildId: build.buildId,
        scripts: entryFiles,
        styles: ["base.css"],
      };
      return { "entry.json": `${JSON.stringify(entry, null, 2)}\n` };
    },
  });
}
