import { rspack, type Configuration } from "@rspack/core";

/**
 * Runs one rspack build in this process; rejects with the compiler's errors. Only for callers
 * that load rspack natively (vitest does); tsx must not (see build-all.ts).
 */
export function runBuild(config: Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    const compiler = rspack(config);
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) return reject(error);
        if (stats?.hasErrors()) {
          const errors = stats.toJson({ all: false, errors: true }).errors ?? [];
          return reject(new Error(errors.map((e) => e.message).join("\n\n")));
        }
        resolve();
      });
    });
  });
}

