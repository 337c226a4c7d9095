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
