type Submission = typeof import("./submission");

let loading: Promise<Submission> | undefined;

/**
 * The submission module as its own chunk, loaded once. A failed load is forgotten so the next
 * focus or submit asks again (the bundler retries a chunk whose load failed).
 */
export function loadSubmission(): Promise<Submission> {
  loading ??= import("./submission").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts the download early (first focus in the form); a failure here surfaces on submit. */
export function preloadSubmission(): void {
  loadSubmission().catch(() => undefined);
}
