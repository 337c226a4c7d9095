/**
 * Module Federation container names must be JS identifiers, the platform's remote names
 * ("mf-search") are not. Used by the build (container name) and the host (registerRemotes).
 */
export function federationName(remote: string): string {
  return remote.replace(/-/g, "_");
}
