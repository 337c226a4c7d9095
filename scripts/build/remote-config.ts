import { basename } from "node:path";
import { type Configuration, rspack } from "@rspack/core";
import { FRAGMENT_STYLESHEET } from "../../shared/src/fragment/index";
import { ModuleFederationPlugin } from "@module-federation/enhanced/rspack";
import { federationName } from "../../shell/src/federation/remote-name";
import { browserConfig, resolveBrowserBuild, type BrowserBuildOptions } from "./browser-config";
import { type DesignComponentCss, designComponentCss, designSystemCss } from "./design-system-css";
import { sharedSingletons } from "./shared-singletons";

export type RemoteConfigOptions = {
  /** The remote package folder, e.g. mf-search (its folder name is the remote's name). */
  packageDir: string;
  /** Public module name ("./SearchResults") -> file relative to packageDir. */
  exposes: Record<string, string>;
  /** Design system components whose styles this remote's fragments need (docs/design.md); the core is in the head. */
  designComponents?: readonly DesignComponentCss[];
  /** Whole pages of its own (the dealer console): its stylesheet carries the tokens and core too, with no shell head. */
  ownPages?: boolean;
} & Pick<BrowserBuildOptions, "distDir" | "buildId">;

/** A federated web remote: mf-manifest.json + remoteEntry.js under /_mf/{remote}/{buildId}/. */
export function createRemoteConfig(options: RemoteConfigOptions): Configuration {
  const remote = basename(options.packageDir);
  const build = resolveBrowserBuild({ ...options, publicBase: `/_mf/${remote}` });
  return browserConfig(build, {
    role: "remote",
    context: options.packageDir,
    // A remote has no page entry of its own: the container entry is all it ships.
    entry: {},
    plugins: [
      new ModuleFederationPlugin({
        name: federationName(remote),
        filename: "remoteEntry.js",
        exposes: options.exposes,
        // The shell provides every singleton before any remote starts (its remoteEntry.js throws without the shell):
        // a remote's own copy was never chosen, yet its share data and fallbacks were in every remoteEntry.js (ADR 0091).
        shared: Object.fromEntries(Object.entries(sharedSingletons(options.packageDir)).map(([request, shared]) => [request, { ...shared, import: false as const }])),
        shareStrategy: "loaded-first",
        manifest: true,
        dts: false,
        // The host provides the federation runtime once per page; a remote consumes no remotes of
        // its own, so disableRemote drops that part of the bundler runtime from remoteEntry.js.
        experiments: { externalRuntime: true, optimization: { target: "web", disableRemote: true, disableSnapshot: true } },
      }),
      // The fragments' styles, linked by the server beside each slot (see FRAGMENT_STYLESHEET).
      new rspack.CopyRspackPlugin({
        patterns: [{ from: "src/fragments.css", to: FRAGMENT_STYLESHEET, transform: (content) => (options.ownPages ? designSystemCss() : "") + designComponentCss(options.designComponents ?? []) + content.toString() }],
      }),
    ],
  });
}

/**
 * A remote's own pages' scripts (the dealer console's progressive enhancements, ADR 0085): plain browser bundles, no
 * federation, each at a fixed name under the same build folder as the remote (`/_mf/{remote}/{buildId}/{name}.js`;
 * the build id already changes with every source), so a server-rendered page links one without reading a manifest.
 */
export function createPageScriptsConfig(options: Pick<RemoteConfigOptions, "packageDir" | "distDir" | "buildId"> & { scripts: Record<string, string> }): Configuration {
  const build = resolveBrowserBuild({ ...options, publicBase: `/_mf/${basename(options.packageDir)}` });
  const config = browserConfig(build, { role: "remote", context: options.packageDir, entry: options.scripts, plugins: [] });
  return { ...config, name: "page-scripts", output: { ...config.output, filename: "[name].js", chunkFilename: "[name].[contenthash:8].js" } };
}
