/**
 * Stands in for runtime-core's utils/share.js: how a shared module's options are read and which registered copy a
 * consumer gets. The same choices as the runtime's for the platform's builds (exact-version singletons, no shared
 * tree shaking, no resolveShare plugin); the tree-shaking variants are left out (issue 35, ADR 0081).
 */
import { CurrentGlobal } from "./runtime-global";
import { satisfy } from "./semver";

type ShareConfig = { requiredVersion?: string | false; singleton?: boolean; eager?: boolean; strictVersion?: boolean };
export type Shared = {
  version: string;
  from: string;
  scope: string[];
  shareConfig: ShareConfig;
  strategy?: string;
  get: () => unknown;
  lib?: unknown;
  loaded?: boolean;
  loading?: Promise<unknown> | null;
  useIn: string[];
  treeShaking?: undefined;
};
type ShareArgs = Partial<Shared> & { version?: string; scope?: string | string[]; shareConfig?: ShareConfig };
export type ShareInfos = Record<string, Shared[]>;
export type ShareScopeMap = Record<string, Record<string, Record<string, Shared>>>;
type Options = { name: string; shared?: Record<string, ShareArgs | ShareArgs[]> | ShareInfos; shareStrategy?: string };

function formatShare(args: ShareArgs, from: string, name: string, shareStrategy?: string): Shared {
  const get =
    args.get ?? ("lib" in args ? () => Promise.resolve(args.lib) : () => Promise.reject(new Error(`[federation] shared "${name}" from "${from}" has neither get nor lib`)));
  return {
    useIn: [],
    from,
    loading: null,
    ...args,
    shareConfig: { requiredVersion: `^${args.version}`, singleton: false, eager: false, strictVersion: false, ...args.shareConfig },
    get,
    loaded: args.loaded || "lib" in args ? true : undefined,
    version: args.version ?? "0",
    scope: Array.isArray(args.scope) ? args.scope : [args.scope ?? "default"],
    strategy: (args.strategy ?? shareStrategy) || "version-first",
    treeShaking: undefined,
  };
}

export function formatShareConfigs(prevOptions: { shared?: ShareInfos }, newOptions: Options): { allShareInfos: ShareInfos; newShareInfos: ShareInfos } {
  const newShareInfos: ShareInfos = {};
  for (const [pkgName, args] of Object.entries(newOptions.shared ?? {})) {
    newShareInfos[pkgName] = (Array.isArray(args) ? args : [args]).map((one) => formatShare(one, newOptions.name, pkgName, newOptions.shareStrategy));
  }
  const allShareInfos: ShareInfos = { ...prevOptions.shared };
  for (const [pkgName, infos] of Object.entries(newShareInfos)) {
    const known = allShareInfos[pkgName];
    if (!known) allShareInfos[pkgName] = infos;
    else for (const info of infos) if (!known.some((one) => one.version === info.version)) known.push(info);
  }
  return { allShareInfos, newShareInfos };
}

/** No build of the platform turns shared tree shaking on. */
export const shouldUseTreeShaking = (): boolean => false;

const isLoaded = (shared: Shared | undefined) => Boolean(shared?.loaded) || typeof shared?.lib === "function";
const isLoadingOrLoaded = (shared: Shared | undefined) => isLoaded(shared) || Boolean(shared?.loading);
/** a <= b for the runtime's versions ("18" reads as "18.0.0"). */
function versionLt(a: string, b: string): boolean {
  const full = (version: string) => (Number.isNaN(Number(version)) ? version : version + ".0".repeat(Math.max(0, 3 - version.split(".").length)));
  return satisfy(full(a), `<=${full(b)}`);
}
/** The version the comparator ends on, as the runtime walks the versions. */
function findVersion(versions: Record<string, Shared>, later: (prev: string, cur: string) => boolean): string {
  return Object.keys(versions).reduce((prev, cur) => (!prev || later(prev, cur) || prev === "0" ? cur : prev), "");
}

/** The registered copy a consumer gets: loaded-first prefers a copy already loaded, else the highest version. */
export function getRegisteredShare(shareScopeMap: ShareScopeMap | undefined, pkgName: string, shareInfo: Shared): { shared: Shared; useTreesShaking: false } | undefined {
  if (!shareScopeMap) return undefined;
  const { shareConfig, scope = ["default"], strategy } = shareInfo;
  for (const sc of Array.isArray(scope) ? scope : [scope]) {
    const versions = shareScopeMap[sc]?.[pkgName];
    if (!shareConfig || !versions) continue;
    const version =
      strategy === "loaded-first"
        ? findVersion(versions, (prev, cur) => {
            if (isLoadingOrLoaded(versions[cur])) return isLoadingOrLoaded(versions[prev]) ? versionLt(prev, cur) : true;
            return isLoadingOrLoaded(versions[prev]) ? false : versionLt(prev, cur);
          })
        : findVersion(versions, (prev, cur) => !isLoaded(versions[prev]) && versionLt(prev, cur));
    const shared = versions[version] as Shared;
    const { requiredVersion } = shareConfig;
    if (shareConfig.singleton) {
      if (typeof requiredVersion === "string" && !satisfy(version, requiredVersion)) {
        const message = `[federation] version ${version} from ${shared.from} of shared singleton ${pkgName} does not satisfy ${shareInfo.from}, which needs ${requiredVersion}`;
        if (shareConfig.strictVersion) throw new Error(message);
        console.warn(message);
      }
      return { shared, useTreesShaking: false };
    }
    if (requiredVersion === false || requiredVersion === "*" || satisfy(version, requiredVersion as string)) return { shared, useTreesShaking: false };
    for (const [key, value] of Object.entries(versions)) if (satisfy(key, requiredVersion as string)) return { shared: value, useTreesShaking: false };
    return undefined;
  }
  return undefined;
}

export const getGlobalShareScope = () => CurrentGlobal.__FEDERATION__.__SHARE__;

/** The consumer's own options for a package: its loaded version, else its highest (merged with a custom one). */
export function getTargetSharedOptions({ pkgName, extraOptions, shareInfos }: { pkgName: string; extraOptions?: { resolver?: (infos?: Shared[]) => Shared | undefined; customShareInfo?: Partial<Shared> }; shareInfos: ShareInfos }): Shared {
  const byVersion = (infos?: Shared[]) => {
    if (!infos) return undefined;
    const versions = Object.fromEntries(infos.map((info) => [info.version, info]));
    return versions[findVersion(versions, (prev, cur) => !isLoaded(versions[prev]) && versionLt(prev, cur))];
  };
  const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
  const merge = (...sources: (Record<string, unknown> | undefined)[]): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const source of sources) {
      for (const [key, value] of Object.entries(source ?? {})) {
        const prev = out[key];
        if (isPlainObject(prev) && isPlainObject(value)) out[key] = merge(prev, value);
        else if (value !== undefined) out[key] = value;
      }
    }
    return out;
  };
  return merge((extraOptions?.resolver ?? byVersion)(shareInfos[pkgName]), extraOptions?.customShareInfo) as Shared;
}

export function addUseIn(shared: Shared, from: string): void {
  shared.useIn ??= [];
  if (!shared.useIn.includes(from)) shared.useIn.push(from);
}

export const directShare = (shared: Shared): Shared => shared;
