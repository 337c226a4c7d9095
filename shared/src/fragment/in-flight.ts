/** Freezes a value handed to several requests, so none of them can change it for the others. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * One answer for identical loads that run at the same time, and nothing kept after: a car page asks one remote
 * for several fragments of the same car at once, and each used to read and parse the car itself. A load that
 * starts after the shared one settled reads again, so no answer is ever older than the request that got it.
 * The answer is frozen: the callers share one object.
 */
export function sharedWhileInFlight<Args extends unknown[], T>(keyOf: (...args: Args) => string, load: (...args: Args) => Promise<T>) {
  const pending = new Map<string, Promise<T>>();
  return (...args: Args): Promise<T> => {
    const key = keyOf(...args);
    let shared = pending.get(key);
    if (!shared) {
      shared = load(...args)
        .then(deepFreeze)
        .finally(() => pending.delete(key));
      pending.set(key, shared);
    }
    return shared;
  };
}

/**
 * One load per fragment request: a fragment's `dataVersion` and its `load` get the same answer, so the version the
 * markup names is the version of the very row it was rendered from (ADR 0074).
 */
export function onePerRequest<Request extends object, Env, T>(load: (request: Request, env: Env) => Promise<T>) {
  const loaded = new WeakMap<Request, Promise<T>>();
  return (request: Request, env: Env): Promise<T> => {
    let answer = loaded.get(request);
    if (!answer) {
      answer = load(request, env);
      loaded.set(request, answer);
    }
    return answer;
  };
}
