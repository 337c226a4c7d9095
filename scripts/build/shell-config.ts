import { join } from "node:path";
import { rspack, type Configuration } from "@rspack/core";
import { ModuleFederationPlugin } from "@module-federation/enhanced/rspack";
import { browserConfig, repoRoot, resolveBrowserBuild, type BrowserBuildOptions } from "./browser-config";
import { designSystemCss } from "./design-system-css";
import { sharedSingletons } from "./shared-singletons";

export const shellDir = join(repoRoot, "shell");

/**
 * Shell chunks only some pages use, by their name (webpackChunkName) and the modules in them: kept out of "app" and
 * the head's preloads (ADR 0021, 0029, 0087): the Email Us dialog on demand, the saved-details filler as a lead form
 * nears or is touched, /success's details of the lead sent, and what a slot the server could not render (or whose
 * remote failed) needs.
 */
const ON_DEMAND_CHUNKS: Record<string, RegExp> = {
  "email-us": /[\\/]email-us-dialog\.tsx$/,
  "customer-prefill": /[\\/]customer-storage\.ts$/,
  "success-details": /[\\/]success-details\.ts$/,
  "slot-fallback": /[\\/](fallback-props|unavailable-notice|fragment-styles)\.ts$/,
};

/** dist/entry.json: files (relative to /_shell/{buildId}/) the gateway puts in every page. */
export type ShellEntry = { buildId: string; scripts: string[]; preloads: string[]; styles: string[] };

/**
 * The Module Federation host. It has no static remotes: the client registers each remote at run
 * time pinned to the build that rendered the slot.
 */
export function createShellConfig(options: Pick<BrowserBuildOptions, "distDir" | "buildId"> = {}): Configuration {
  const build = resolveBrowserBuild({ ...options, packageDir: shellDir, publicBase: "/_shell" });
  const config = browserConfig(build, {
    role: "host",
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
        experiments: { provideExternalRuntime: true, optimization: { target: "web", disableSnapshot: true } },
      }),
      // base.css = the design system's tokens and components, then the shell's own styles (minified with the rest).
      new rspack.CopyRspackPlugin({ patterns: [{ from: "src/styles/base.css", to: "base.css", transform: (content) => designSystemCss() + content.toString() }] }),
      // The self-hosted fonts a theme may choose (themeCss), with their licence.
      new rspack.CopyRspackPlugin({ patterns: [{ from: "src/fonts", to: "fonts" }] }),
    ],
    // Every chunk of the shell is needed at start-up (framework, bootstrap): the gateway preloads them.
    extraFiles: ({ entryFiles, chunkFiles }) => {
      const entry: ShellEntry = {
        buildId: build.buildId,
        scripts: entryFiles,
        // On-demand chunks (ON_DEMAND_CHUNKS) load when first used, not with the page.
        preloads: chunkFiles.filter((file) => !Object.keys(ON_DEMAND_CHUNKS).some((name) => file.startsWith(`${name}.`))),
        styles: ["base.css"],
      };
      return { "entry.json": `${JSON.stringify(entry, null, 2)}\n` };
    },
  });
  // The shared singletons in one chunk and the shell's own code in another: two requests, not ten.
  config.optimization = {
    ...config.optimization,
    splitChunks: {
      chunks: "async",
      cacheGroups: {
        framework: { test: /[\\/]node_modules[\\/]/, name: "framework", chunks: "async", enforce: true, priority: 10 },
        app: {
          test: (module) => {
            // A normal module's file; rspack's binding type does not declare it.
            const resource = (module as { resource?: string }).resource ?? "";
            return /[\\/](shell|shared)[\\/]src[\\/]/.test(resource) && !Object.values(ON_DEMAND_CHUNKS).some((modules) => modules.test(resource));
          },
          name: "app",
          chunks: "async",
          enforce: true,
          priority: 5,
        },
      },
    },
  };
  return config;
}
