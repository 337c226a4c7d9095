/**
 * Rewrites the start-up rspack's federation plugin inlines in every build (the module it names
 * "@module-federation/runtime/rspack.js!=!data:...") into one call of the shell's published copy
 * (container-start.ts, ADR 0091). The plugin's own declarations (the build's name, share strategy, library type,
 * runtime plugins) stay and are handed to it. CommonJS because rspack loads loaders with Node's require, outside the
 * TypeScript build.
 */
const START = "const runtimeRequire=";
const AFTER_REQUIRE = ";if((runtimeRequire.initializeSharingData";

module.exports = function containerStartLoader(source) {
  const { runtimeGlobal } = this.getOptions();
  const start = source.indexOf(START);
  const end = source.indexOf(AFTER_REQUIRE, start);
  // A new rspack that writes its start-up differently fails the build here, not in a shopper's browser.
  if (start < 0 || end < 0) throw new Error("container-start-loader: rspack's federation start-up changed; update scripts/build/federation-runtime-trim/container-start.ts");
  const requireExpression = source.slice(start + START.length, end);
  return `${source.slice(0, start)}globalThis.${runtimeGlobal}.startContainer(${requireExpression},__module_federation_bundler_runtime__,{name:__module_federation_container_name__,shareStrategy:__module_federation_share_strategy__,libraryType:__module_federation_library_type__,plugins:__module_federation_runtime_plugins__,remoteInfos:__module_federation_remote_infos__,shareFallbacks:__module_federation_share_fallbacks__})`;
};
