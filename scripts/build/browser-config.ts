import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { rspack, type Configuration, type RspackPluginInstance } from "@rspack/core";
import { BuildOutputPlugin, type BuildOutputOptions } from "./build-output-plugin";
import { resolveBuildId } from "./build-id";
import { federationRuntimeEsmAlias, federationRuntimeTrimAlias, federationStartRule, type FederationRole } from "./federation-runtime-alias";

export const repoRoot = resolve(import.meta.dirname, "../..");
const isProduction = process.env.NODE_ENV !== "development";

export type BrowserBuildOptions = {
  packageDir: string;
  /** URL prefix the assets are served under, without the build id: "/_mf/mf-search" or "/_shell". */
  publicBase: string;
  /** Defaults to {packageDir}/dist; tests build into a temporary folder. */
  distDir?: string;
  /** Defaults to env BUILD_ID or the content hash. */
  buildId?: string;
};

export type BrowserBuild = { buildId: string; distDir: string; outputDir: string; publicPath: string };

/** Everything that decides which bytes end up in a package's bundle. */
function buildIdInputs(packageDir: string) {
  return {
    sourceDirs: [join(packageDir, "src"), join(repoRoot, "shared/src"), import.meta.dirname],
    // shared/package.json says how its modules bundle (sideEffects), so it changes every build.
    files: [join(packageDir, "package.json"), join(packageDir, "rspack.config.ts"), join(repoRoot, "shared/package.json")].filter((f) => existsSync(f)),
    lockfilePath: join(repoRoot, "package-lock.json"),
    rootDir: repoRoot,
    variant: isProduction ? "production" : "development",
  };
}

export function resolveBrowserBuild(options: BrowserBuildOptions): BrowserBuild {
  const buildId = options.buildId ?? resolveBuildId(buildIdInputs(options.packageDir));
  const distDir = options.distDir ?? join(options.packageDir, "dist");
  return {
    buildId,
    distDir,
    outputDir: join(distDir, "client", buildId),
    publicPath: `${options.publicBase}/${buildId}/`,
  };
}

/** The rspack settings every browser bundle of the platform shares (shell and remotes). */
export function browserConfig(
  build: BrowserBuild,
  options: { context: string; entry: Configuration["entry"]; plugins: RspackPluginInstance[]; role: FederationRole } & Pick<
    BuildOutputOptions,
    "extraFiles"
  >,
): Configuration {
  return {
    context: options.context,
    mode: isProduction ? "production" : "development",
    target: ["web", "es2022"],
    devtool: false,
    entry: options.entry,
    output: {
      path: build.outputDir,
      publicPath: build.publicPath,
      filename: "[name].[contenthash:8].js",
      chunkFilename: "[name].[contenthash:8].js",
      cssFilename: "[name].[contenthash:8].css",
      // Never output.clean: old build folders must stay while pages rendered by them hydrate.
      clean: false,
    },
    resolve: { extensions: [".tsx", ".ts", ".mjs", ".js"], alias: { ...federationRuntimeEsmAlias(), ...federationRuntimeTrimAlias(options.role) } },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: "builtin:swc-loader",
          options: {
            jsc: {
              parser: { syntax: "typescript", tsx: true },
              transform: { react: { runtime: "automatic", development: !isProduction } },
            },
          },
          type: "javascript/auto",
        },
        federationStartRule(),
      ],
    },
    optimization: {
      moduleIds: "deterministic",
      chunkIds: "deterministic",
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin({
          extractComments: false,
          minimizerOptions: { compress: { passes: 2 }, mangle: true, format: { comments: false } },
        }),
        // The stylesheets the head inlines (base.css, each remote's fragments.css): minified, so the design system fits the head's budget.
        new rspack.LightningCssMinimizerRspackPlugin({ test: /\.css$/, minimizerOptions: { targets: ["chrome >= 111", "firefox >= 115", "safari >= 16.4"] } }),
      ],
    },
    performance: false,
    plugins: [
      ...options.plugins,
      new BuildOutputPlugin({ distDir: build.distDir, buildId: build.buildId, extraFiles: options.extraFiles }),
    ],
  };
}
