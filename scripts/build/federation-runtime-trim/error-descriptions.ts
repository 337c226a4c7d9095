/**
 * Stands in for @module-federation/error-codes' desc.mjs: a one-line description per error code, which the host's
 * runtime and every remoteEntry.js carried. A federation error still names its code, its arguments, the original
 * error and the troubleshooting page for that code; only this line is generic.
 */
const described = new Proxy({} as Record<string, string>, {
  get: (_map, code) => (typeof code === "string" ? "Module Federation error" : undefined),
});

export const runtimeDescMap = described;
export const typeDescMap = described;
export const buildDescMap = described;
export const errorDescMap = described;
