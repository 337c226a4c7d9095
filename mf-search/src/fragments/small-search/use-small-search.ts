import { SEARCH_BOX_DELAY_MS } from "@dealer/shared/rules";
import { useEffect, useRef, useState } from "react";

type Options<State extends { page: number }, View> = {
  state: State;
  view: View;
  pathname: string;
  /** The state's query string, keeping the page's other parameters of `current`. */
  address: (state: State, current: string) => string;
  /** Loads the browser's search (its code is imported on first use). */
  loadSearch: () => Promise<(state: State) => Promise<View>>;
};

/**
 * A small search's state once hydrated: the address follows each change (replaceState), answers that arrive out
 * of order are dropped, a failure keeps the last good view on screen, and typing waits the search box's delay.
 */
export function useSmallSearch<State extends { page: number }, View>(options: Options<State, View>) {
  const [state, setState] = useState(options.state);
  const [view, setView] = useState(options.view);
  const [failed, setFailed] = useState(false);
  const engine = useRef<Promise<(state: State) => Promise<View>> | null>(null);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const load = () => {
    engine.current ??= options.loadSearch();
    return engine.current;
  };

  async function show(next: State) {
    const ticket = ++latest.current;
    clearTimeout(timer.current);
    setState(next);
    window.history.replaceState(window.history.state, "", `${options.pathname}${options.address(next, window.location.search)}${window.location.hash}`);
    try {
      const result = await (await load())(next);
      if (ticket !== latest.current) return;
      setView(result);
      setFailed(false);
    } catch {
      if (ticket === latest.current) setFailed(true);
    }
  }

  /** A change of anything but the page goes back to page 1. */
  const refine = (change: Partial<State>) => void show({ ...state, ...change, page: change.page ?? 1 });
  const refineAfterTyping = (change: Partial<State>) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => refine(change), SEARCH_BOX_DELAY_MS);
  };
  return { state, view, failed, load, show, refine, refineAfterTyping };
}
