import { type ComponentType, createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { FiltersProps } from "./Filters";
import { loadOnce, useLoadedPart } from "./load-once";

type FiltersComponent = ComponentType<FiltersProps>;

/**
 * The server render provides the filter panel itself (load.server.tsx), so its markup is in the page; in the browser
 * the panel's code is not in the first load (ADR 0023) and this context is empty.
 */
export const ServerFilters = createContext<FiltersComponent | null>(null);

/** The panel's code, loaded once: on approach, on the phone's Filters button, or with the first search. */
export const loadFilters = loadOnce((): Promise<FiltersComponent> => import("./Filters").then((module) => module.Filters));

const CONTROLS = "input, button, select, a[href]";
const controlIndex = (root: HTMLElement, target: EventTarget | null) =>
  target instanceof Element ? [...root.querySelectorAll(CONTROLS)].indexOf(target.closest(CONTROLS) as Element) : -1;

/**
 * The filter panel as an island: until its code arrives, the server's markup stays exactly as it is (React leaves an
 * element's inner HTML alone when it hydrates one with dangerouslySetInnerHTML), then the panel renders in its place.
 * A pointer over it or focus in it loads the code; a click that came first (its checkbox already shows it) is replayed
 * on the same control of the rendered panel, which is what the panel's state then follows.
 */
export function FiltersIsland(props: FiltersProps & { wanted: boolean }) {
  const { wanted, ...filters } = props;
  const preloaded = useContext(ServerFilters);
  const [requested, setRequested] = useState(false);
  const Loaded = useLoadedPart(preloaded, wanted || requested, loadFilters, "Filters");
  const root = useRef<HTMLDivElement>(null);
  const pending = useRef<{ index: number; click: boolean } | null>(null);

  // A slot the gateway could not render in time is rendered here from its props (mount-slot's fallback): there is no
  // server markup to keep, and an empty panel would wait for a pointer that nothing invites, so its code loads now.
  useEffect(() => {
    if (!preloaded && root.current?.childElementCount === 0) setRequested(true);
  }, [preloaded]);

  useLayoutEffect(() => {
    const replay = pending.current;
    if (!Loaded || !replay || !root.current) return;
    pending.current = null;
    const control = root.current.querySelectorAll<HTMLElement>(CONTROLS)[replay.index];
    control?.focus();
    if (replay.click) control?.click();
  }, [Loaded]);

  if (Loaded) {
    return (
      <div ref={root} className="filters-island">
        <Loaded {...filters} />
      </div>
    );
  }
  const remember = (target: EventTarget | null, click: boolean) => {
    const index = root.current ? controlIndex(root.current, target) : -1;
    if (index >= 0 && (click || !pending.current?.click)) pending.current = { index, click };
    setRequested(true);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only notices events of the server's controls inside it.
    <div
      ref={root}
      className="filters-island"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, so that hydration keeps the server's markup.
      dangerouslySetInnerHTML={{ __html: "" }}
      suppressHydrationWarning
      onPointerOver={() => setRequested(true)}
      onTouchStart={() => setRequested(true)}
      onFocus={(event) => remember(event.target, false)}
      onClickCapture={(event) => remember(event.target, true)}
    />
  );
}
