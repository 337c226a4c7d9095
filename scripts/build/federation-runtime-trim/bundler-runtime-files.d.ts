// The bundler runtime's own files, imported by bundler-runtime-index.ts; only some of them ship types.
declare module "@module-federation/webpack-bundler-runtime/dist/*.js" {
  const part: (...args: never[]) => unknown;
  export const attachShareScopeMap: typeof part;
  export const consumes: typeof part;
  export const initContainerEntry: typeof part;
  export const initializeSharing: typeof part;
  export const installInitialConsumes: typeof part;
  export const remotes: typeof part;
}
