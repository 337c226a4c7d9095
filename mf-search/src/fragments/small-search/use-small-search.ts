import { SEARCH_BOX_DELAY_MS } from "@dealer/shared/rules";
import { useEffect, useRef, useState } from "react";

/** What every small search's state has: the box's query and a 1-based page. */
export type SmallSearchState = { query: string; page: number };

type Options<State extends SmallSearchState, View> = {
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
export function useSmallSearch<State extends SmallSearchState, View>(options: Options<State, View>) {
  const [state, setState] = useState(options.state);
  const [text, setText] = useState(options.state.query);
  const [view, setView] = useState(options.view);
  const [failed, setFailed] = useState(false);
  const engine = useRef<Promise<(state: State) => Promise<View>> | null>(null);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Text typed but not yet searched (the box's delay): a refinement made meanwhile searches with it, not the old query. */
  const typed = useRef<string | null>(null);
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
  const refine = (change: Partial<State>) => {
    const pending = typed.current === null ? {} : { query: typed.current };
    typed.current = null;
    void show({ ...state, ...pending, ...change, page: change.page ?? 1 });
  };
  /** The box's text searches after the box's delay; submitting searches at once. */
  const type = (value: string) => {
    setText(value);
    typed.current = value.trim();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => refine({}), SEARCH_BOX_DELAY_MS);
  };
  const submit = () => refine({ query: text.trim() } as Partial<State>);
  const reset = (empty: State) => {
    setText("");
    typed.current = null;
    void show(empty);
  };
  return { state, view, failed, text, load, refine, type, submit, reset };
}
