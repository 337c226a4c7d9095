import { useEffect, useState } from "react";

/** A part's code, fetched once on first demand; a failed fetch is forgotten so the next demand tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load();
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
}

/**
 * An island's part (FiltersIsland, GridIsland): the server's own from the start, else null until it is wanted and its
 * code has arrived. A part that fails to load leaves the server's markup in place.
 */
export function useLoadedPart<T>(serverPart: T | null, wanted: boolean, load: () => Promise<T>, name: string): T | null {
  const [loaded, setLoaded] = useState<T | null>(() => serverPart);
  useEffect(() => {
    if (loaded || !wanted) return;
    let current = true;
    load().then(
      (part) => current && setLoaded(() => part),
      (error: unknown) => console.warn(`${name} failed to load`, error),
    );
    return () => {
      current = false;
    };
  }, [loaded, wanted, load, name]);
  return loaded;
}
