/** Freezes a value handed to several requests, so none of them can change it for the others. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * One load per fragment request: a fragment's `dataVersion` and its `load` get the same answer, so the version the
 * markup names is the version of the very row it was rendered from (ADR 0074). Never across requests: workerd cancels
 * a request's continuations on a promise another request started once that request has ended (ADR 0124).
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
