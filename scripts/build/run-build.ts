import { rspack, type Configuration } from "@rspack/core";

/** Runs one rspack build; rejects with the compiler's errors. */
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

/** The build id a config will write, read off its output path (dist/client/{buildId}). */
export function buildIdOf(config: Configuration): string {
  const path = config.output?.path ?? "";
  return path.split(/[\\/]/).pop() ?? "";
}
