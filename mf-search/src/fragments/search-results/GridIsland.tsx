import { compareIdsAtom, favouritesAtom } from "@dealer/shared/atoms";
import { useAtomValue } from "jotai";
import { type ComponentProps, type ComponentType, createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from "react";
import { CardTow } from "./card-tow";
import { loadOnce, useLoadedPart } from "./load-once";
import type { ResultGrid } from "./ResultGrid";
import type { ResultCard } from "./result-card";

type GridProps = ComponentProps<typeof ResultGrid>;
type GridComponent = ComponentType<GridProps>;

/** The server renders the cards themselves (load.server.ts); in the browser this context is empty. */
export const ServerGrid = createContext<GridComponent | null>(null);

/** The cards' code: on a pointer, touch or focus in them, with the first search, or for what only the device knows. */
export const loadGrid = loadOnce((): Promise<GridComponent> => import("./ResultGrid").then((module) => module.ResultGrid));

/**
 * Whether a card on this page shows something the server could not know: a favourite or a compare choice kept on this
 * device (the atoms are null until read, after hydration). A signed-in shopper's watchlist is in the page state the
 * server rendered with, so it needs no code.
 */
function useDeviceMarks(cards: ResultCard[]): boolean {
  const favourites = useAtomValue(favouritesAtom);
  const compare = useAtomValue(compareIdsAtom);
  return cards.some((card) => favourites?.some((entry) => entry.id === card.id) || compare?.includes(card.id));
}

/**
 * The result cards as an island (issue 35, ADR 0097): until their code is wanted, the server's markup stays exactly
 * as it is, hydrated as nothing (React leaves an element's inner HTML alone when it hydrates one with
 * dangerouslySetInnerHTML). The cards' links, their Email Us buttons (the shell's listener) and the page's result
 * click count work on that markup without this code; a click on a card's button (favourite, compare, watchlist) that
 * comes first is replayed on the same button of the rendered cards, each such click in its order.
 */
export function GridIsland({ cards, promos }: GridProps) {
  const preloaded = useContext(ServerGrid);
  const [requested, setRequested] = useState(false);
  const marked = useDeviceMarks(cards);
  const towVerdicts = useContext(CardTow) !== null;
  const root = useRef<HTMLDivElement>(null);
  const pendingClicks = useRef<number[]>([]);
  // The search that changes the cards waits for this code first (SearchResults' show()), so new cards never meet old markup.
  const serverCards = useRef(cards);
  const Loaded = useLoadedPart(preloaded, requested || marked || towVerdicts || cards !== serverCards.current, loadGrid, "The result cards");

  // A slot the gateway could not render is rendered here from its props: no server markup to keep, so the code loads now.
  useEffect(() => {
    if (!preloaded && root.current?.childElementCount === 0) setRequested(true);
  }, [preloaded]);

  useLayoutEffect(() => {
    if (!Loaded || !root.current) return;
    const buttons = root.current.querySelectorAll("button");
    for (const index of pendingClicks.current.splice(0)) buttons[index]?.click();
  }, [Loaded]);

  if (Loaded) {
    return (
      <div ref={root} className="search-results__cards">
        <Loaded cards={cards} promos={promos} />
      </div>
    );
  }
  const request = () => setRequested(true);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only notices events of the server's cards inside it.
    <div
      ref={root}
      className="search-results__cards"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, so that hydration keeps the server's markup.
      dangerouslySetInnerHTML={{ __html: "" }}
      suppressHydrationWarning
      onPointerOver={request}
      onTouchStart={request}
      onFocus={request}
      onClickCapture={(event) => {
        const button = event.target instanceof Element ? event.target.closest("button") : null;
        if (button && root.current) pendingClicks.current.push([...root.current.querySelectorAll("button")].indexOf(button));
        request();
      }}
    />
  );
}
