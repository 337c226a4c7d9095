/**
 * Stands in for the sdk's dom.js in the browser builds: a remote's entry loaded by a script tag that is removed once
 * it has run, with the runtime's two failures (the URL unreachable or timed out, the script throwing as it runs).
 * Left out: script and link creation hooks (no plugin of the platform has them) and createLink, which only
 * preloadRemote used (issue 35, ADR 0081).
 */
type ScriptInfo = { url: string; attrs?: Record<string, string>; cb?: () => void; onErrorCallback?: (error: Error) => void; needDeleteScript?: boolean };
const TIMEOUT_MS = 20_000;

export async function safeWrapper<T>(callback: () => T | Promise<T>, disableWarn?: boolean): Promise<T | undefined> {
  try {
    return await callback();
  } catch (error) {
    if (!disableWarn) console.warn("[ Federation Runtime ]:", error);
    return undefined;
  }
}

const withoutOrigin = (url: string) => url.replace(/^(https?:)?\/\//i, "").replace(/\/$/, "");
export const isStaticResourcesEqual = (url1: string, url2: string): boolean => withoutOrigin(url1) === withoutOrigin(url2);

/** A script tag for the URL (the page's own one if it has it), settling through cb or onErrorCallback. */
export function createScript(info: ScriptInfo): { script: HTMLScriptElement; needAttach: boolean } {
  const existing = [...document.getElementsByTagName("script")].find((tag) => {
    const src = tag.getAttribute("src");
    return src && isStaticResourcesEqual(src, info.url);
  });
  const script = existing ?? document.createElement("script");
  if (!existing) {
    script.type = info.attrs?.type === "module" ? "module" : "text/javascript";
    script.src = info.url;
    for (const [name, value] of Object.entries(info.attrs ?? {})) if (!script.getAttribute(name)) script.setAttribute(name, value);
  }
  let executionError: Error | undefined;
  const onExecutionError = (event: ErrorEvent) => {
    if (event.filename && isStaticResourcesEqual(event.filename, info.url)) {
      executionError = Object.assign(new Error(`ScriptExecutionError: Script "${info.url}" loaded but threw a runtime error during execution: ${event.message}`), { name: "ScriptExecutionError" });
    }
  };
  window.addEventListener("error", onExecutionError);
  const complete = (failed: boolean, timedOut = false) => {
    clearTimeout(timer);
    window.removeEventListener("error", onExecutionError);
    script.onerror = script.onload = null;
    if (info.needDeleteScript ?? true) script.remove();
    const error = failed
      ? Object.assign(new Error(`ScriptNetworkError: ${timedOut ? `Script "${info.url}" timed out.` : `Failed to load script "${info.url}"`}`), { name: "ScriptNetworkError" })
      : executionError;
    if (error) info.onErrorCallback?.(error);
    else info.cb?.();
  };
  script.onerror = () => complete(true);
  script.onload = () => complete(false);
  const timer = setTimeout(() => complete(true, true), TIMEOUT_MS);
  return { script, needAttach: !existing };
}

export function loadScript(url: string, info: { attrs?: Record<string, string> }): Promise<void> {
  return new Promise((resolve, reject) => {
    const { script, needAttach } = createScript({ url, cb: resolve, onErrorCallback: reject, attrs: { fetchpriority: "high", ...info.attrs }, needDeleteScript: true });
    if (needAttach) document.head.appendChild(script);
  });
}

export function createLink(): never {
  throw new Error("[federation] createLink is not used on this platform: the page head links remote code");
}
