import { siteConfigAtom } from "@dealer/shared/atoms";
import type { PageConfig } from "@dealer/shared/config";
import { CLEAR_FILTERS_LABEL, clearFiltersTarget, formatNumber, type ItemType, promoCardsFor } from "@dealer/shared/rules";
import { useAtomValue } from "jotai";
import { memo, Suspense, startTransition, useEffect, useMemo, useRef, useState } from "react";
import { SEARCH_EVENTS } from "../../analytics-events";
import type { BrowserSearchCredentials } from "../../search-client/stock-search-client";
import type { BrowserSearch } from "./browser-search";
import { CardTow, useCardTow } from "./card-tow";
import { FiltersIsland, loadFilters } from "./FiltersIsland";
import { searchAddress } from "./landing";
import { loadChips, useSearchParts } from "./deferred-parts";
import { GridIsland, loadGrid } from "./GridIsland";
import { FINANCE_DISCLAIMER_ID, Pagination } from "./Pagination";
import { persistFilters, persistedQuery, readPersistedFilters } from "./persisted-filters";
import { emptyRouteState, isRefined, type RouteState, routeStateToQuery, sameFilters } from "@dealer/shared/rules";
import { SaveSearch } from "./SaveSearch";
import type { SearchContext } from "./run-search";
import { SearchBox } from "./SearchBox";
import type { SearchView } from "./search-view";
import { sortOptionsFor } from "./sort-options";

export type SearchResultsProps = {
  view: SearchView;
  state: RouteState;
  context: SearchContext;
  /** The site's public search key (it can only ever return this site's stock) and where searches go. */
  search: BrowserSearchCredentials;
  /** Where the page was opened: /search, or a landing path whose path follows the filters. */
  address: { pathname: string; landing: boolean; dealership: string | null };
  /** The special-offers list (its own title, empty texts and Clear Filters target). */
  offers: boolean;
  /** "carousel": the results' carousel variant (a slot's layout param), else the grid. */
  layout: "grid" | "carousel";
  /** What the site sells: the filters and promo cards that fit it. */
  itemType: ItemType;
  /** A tow capacity the address gave that cannot be used, as typed: the panel names the problem (ADR 0079). */
  towRefused: string | null;
  /** Server time the cards were decided at (tags like "just arrived" depend on it). */
  now: string;
  /** The page's origin: the results' structured data names each car by its absolute URL. */
  origin: string;
  /** What the cards' finance figures are and are not (REPAYMENT_DISCLAIMER), stated once under them (ADR 0065; CSS hides it under no cards or the carousel). */
  financeDisclaimer: string;
  /** The empty result's words (the stock's, or the special offers' title and text): data, so not in the page's code. */
  empty: { title: string | null; text: string };
};

/** The analytics module (ADR 0048): loaded on the first interaction, never in the first load. */
const analytics = () => import("@dealer/shared/analytics");

type HistoryEntry = { search: RouteState };
const isHistoryEntry = (value: unknown): value is HistoryEntry =>
  typeof value === "object" && value !== null && "search" in value && typeof (value as HistoryEntry).search === "object";

/** The count animates from the previous count to the new one. */
function useAnimatedCount(target: number): number {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    const start = performance.now();
    const origin = from.current;
    let frame = 0;
    const step = (time: number) => {
      const progress = Math.min(1, (time - start) / 400);
      const value = Math.round(origin + (target - origin) * progress);
      from.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}

/** Event 60's data: the search as the address says it (its query string, at most 200 characters) and what it found. */
const searchEventData = (state: RouteState, view: SearchView) => ({ search: routeStateToQuery(state).slice(0, 200), hits: view.nbHits, page: state.page });

const plural = (count: number) => `${formatNumber(count)} ${count === 1 ? "vehicle" : "vehicles"}`;

/** The Show Me label on its own: its count animates every frame for 400 ms, which must not re-render the page. */
function ShowMeLabel({ count }: { count: number }) {
  return <>Show Me {plural(useAnimatedCount(count))}</>;
}

/** The cards re-render only when the results change, not on every loading or drawer state; their code loads on use. */
const Grid = memo(GridIsland);
const NO_PROMOS: PageConfig["search"]["promoCards"] = [];

/**
 * The stock search page. The address is the state: the server renders the first page for it, and each change here
 * pushes a new address and searches in place (the search code loads on the first interaction).
 */
export default function SearchResults(props: SearchResultsProps) {
  const config = useAtomValue(siteConfigAtom);
  return config ? <SearchPage {...props} config={config} /> : null;
}

function SearchPage({ config, ...props }: SearchResultsProps & { config: PageConfig }) {
  const [state, setState] = useState(props.state);
  const [view, setView] = useState(props.view);
  const parts = useSearchParts();
  // The server writes the results' JSON-LD; the browser renders "" (hydration keeps the server's block) until a search.
  const [itemList, setItemList] = useState(() => parts.itemListJson?.(props.view.cards, props.view.page * props.context.hitsPerPage, props.origin) ?? "");
  const [status, setStatus] = useState<"data" | "loading" | "error">("data");
  const [drawerOpen, setDrawerOpen] = useState(false);
  /**
   * The filter panel's code is wanted: the phone's drawer opened, or a search ran (its counts change); also once the
   * cards show tow verdicts, so the tow filter states the capacity they use (ADR 0090).
   */
  const [filtersWanted, setFiltersWanted] = useState(false);
  const latest = useRef(0);
  const engine = useRef<Promise<{ search: BrowserSearch; itemListJson: (typeof import("./browser-search"))["resultsItemListJson"] }> | null>(null);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const promos = useMemo(() => promoCardsFor(config.search.promoCards, props.itemType), [config, props.itemType]);
  const tow = useCardTow(props.context.towing, state.towCapacity);

  const loadEngine = () => {
    engine.current ??= import("./browser-search").then(({ createBrowserSearch, resultsItemListJson }) => ({
      search: createBrowserSearch(props.search, props.context),
      itemListJson: resultsItemListJson,
    }));
    return engine.current;
  };
  const addressOf = (next: RouteState) => searchAddress(next, props.address, config.search);
  // The stock search keeps the filters a shopper picks across visits, on /search or on one of its landing paths (the
  // same list, its address following the filters; ADR 0076); a dealership's stock, offers and carousels are their own.
  const persists = props.layout === "grid" && !props.offers && !props.address.dealership;
  // Only the bare stock search starts from them: a landing path's address is its own state.
  const restores = persists && !props.address.landing && props.address.pathname === config.search.landingBase;

  async function show(next: RouteState, history: "push" | "replace" | "none") {
    if (history !== "none") window.history[history === "push" ? "pushState" : "replaceState"]({ search: next } satisfies HistoryEntry, "", addressOf(next));
    if (persists) persistFilters(window.localStorage, next);
    const request = ++latest.current;
    // The controls follow the new state at once; the loading state renders after the request has left (a
    // transition): the keystroke-to-results time was partly that render (ADR 0025).
    setState(next);
    const pending = Promise.all([loadEngine(), loadFilters(), loadGrid()]).then(async ([{ search, itemListJson }]) => {
      const result = await search(next, config, new Date(props.now));
      return { result, itemList: itemListJson(result.cards, result.page * props.context.hitsPerPage, props.origin) };
    });
    startTransition(() => {
      setStatus("loading");
      // The panel's code comes with the first results, so its counts never lag behind them.
      setFiltersWanted(true);
    });
    try {
      const { result, itemList } = await pending;
      if (request !== latest.current) return;
      setView(result);
      setItemList(itemList);
      setStatus("data");
      if (history !== "none") void analytics().then(({ track }) => track({ kind: "event", id: SEARCH_EVENTS.search, data: searchEventData(next, result) }));
    } catch (error) {
      if (request !== latest.current) return;
      // The last good hits, counts and facets stay on screen.
      console.warn("Search failed", error);
      setStatus("error");
    }
  }

  /** A filter, keyword or range change resets the page. */
  function refine(change: (current: RouteState) => RouteState) {
    const changed = change(state);
    const next = sameFilters(changed, state) ? changed : { ...changed, page: 1 };
    // Nothing changed (Enter after the typed search already ran): no second history entry, no second search.
    if (routeStateToQuery(next) === routeStateToQuery(state)) return;
    void show(next, "push");
  }

  const clearAll = () => refine((current) => ({ ...emptyRouteState(), sortBy: current.sortBy }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the state the page was opened with.
  useEffect(() => {
    // The entry the page opened on remembers its state, so Back to it needs no server round trip.
    window.history.replaceState({ ...(window.history.state ?? {}), search: props.state } satisfies HistoryEntry, "");
    // Opened with no query: the persisted filters, if any, are the state (spec §4); an address's own state wins.
    const kept = restores && !window.location.search ? readPersistedFilters(window.localStorage) : null;
    if (kept && persistedQuery(kept)) void show(kept, "replace");
    const onPopState = (event: PopStateEvent) => {
      if (isHistoryEntry(event.state)) void show(event.state.search, "none");
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  // A result card opened (the cards are server markup: one listener on the section reads the card's id).
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    let loaded: Awaited<ReturnType<typeof analytics>> | null = null;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-car-id]") : null;
      if (!link) return;
      const send = (module: Awaited<ReturnType<typeof analytics>>) => {
        loaded = module;
        module.track({ kind: "event", id: SEARCH_EVENTS.resultOpened, data: { car_id: Number(link.dataset.carId) } });
        // The card's page replaces this one: the beacon leaves now.
        module.flushAnalytics();
      };
      if (loaded) return send(loaded);
      // A plain click leaves the page before the module's chunk can arrive on a slow phone, and the event would be
      // lost: that first click waits for the chunk (preloaded from pointerdown), then follows the link.
      const leaves = !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !link.target;
      if (leaves) event.preventDefault();
      void analytics()
        .then(send, (error) => console.warn("[analytics] module not loaded", error))
        .finally(() => leaves && location.assign(link.href));
    };
    // Its code starts loading as a pointer or a key goes down, ahead of the click that needs it.
    const preload = () => void analytics();
    const root = section.current;
    root?.addEventListener("click", onClick);
    root?.addEventListener("pointerdown", preload, { once: true });
    root?.addEventListener("keydown", preload, { once: true });
    return () => {
      root?.removeEventListener("click", onClick);
      root?.removeEventListener("pointerdown", preload);
      root?.removeEventListener("keydown", preload);
    };
  }, []);

  const closeDrawer = () => {
    setDrawerOpen(false);
    filtersButton.current?.focus();
  };

  const empty = view.cards.length === 0;
  const Carousel = useMemo(() => memo(parts.ResultCarousel), [parts]);
  const Results = props.layout === "carousel" ? Carousel : Grid;
  // The carousel is a section of a page that has its own <h1> (the brand page's banner).
  const Heading = props.layout === "carousel" ? "h2" : "h1";
  return (
    <section ref={section} className="search-results" aria-labelledby="search-heading" aria-busy={status === "loading"}>
      <Heading id="search-heading">{props.offers ? "Special offers" : "Search stock"}</Heading>
      {/* Data, not code: a JSON-LD block never runs; it follows the page of results the shopper sees. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for HTML by serializeJsonForHtml (resultsItemListJson) */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: itemList }} suppressHydrationWarning />
      <SearchBox
        query={state.query}
        onQuery={(query) => refine((current) => ({ ...current, query }))}
        onFirstFocus={() => {
          void loadEngine();
          void loadFilters();
          void loadChips();
        }}
      />
      <div className="search-results__toolbar">
        <p className="search-results__count" role="status" aria-live="polite">
          {plural(view.count)} · page {view.page + 1} of {Math.max(1, view.nbPages)}
        </p>
        <button
          ref={filtersButton}
          type="button"
          className="button search-results__filters-button"
          aria-expanded={drawerOpen}
          aria-controls="search-filters"
          onClick={() => {
            setFiltersWanted(true);
            setDrawerOpen(true);
          }}
        >
          Filters ({formatNumber(view.count)})
        </button>
        <label className="search-results__sort">
          <span>Sort by</span>
          <select
            value={state.sortBy ?? props.context.indexName}
            onChange={(event) => {
              const sortBy = event.currentTarget.value;
              void show({ ...state, sortBy: sortBy === props.context.indexName ? null : sortBy, page: 1 }, "push");
            }}
          >
            {sortOptionsFor(props.itemType).map(({ suffix, label }) => (
              <option key={suffix} value={`${props.context.indexName}${suffix}`}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {!props.offers && <SaveSearch query={routeStateToQuery(state).replace(/^\?/, "")} returnTo={addressOf(state)} />}
      </div>
      {isRefined(state) && (
        <Suspense fallback={null}>
          <parts.RefinementChips state={state} refine={refine} onClear={clearAll} />
        </Suspense>
      )}
      <div className="search-results__layout">
        <form
          id="search-filters"
          className={drawerOpen ? "search-results__filters search-results__filters--open" : "search-results__filters"}
          aria-label="Filters"
          method="get"
          action={props.address.dealership || props.offers ? props.address.pathname : config.search.landingBase}
          onSubmit={(event) => {
            event.preventDefault();
            closeDrawer();
          }}
          onKeyDown={(event) => event.key === "Escape" && drawerOpen && closeDrawer()}
        >
          <button type="button" className="link-button search-results__close" onClick={closeDrawer}>
            Close filters
          </button>
          <FiltersIsland state={state} view={view} config={config} itemType={props.itemType} towRefused={props.towRefused} refine={refine} wanted={filtersWanted || tow !== null} />
          <button type="submit" className="button button--primary search-results__show-me">
            <ShowMeLabel count={view.count} />
          </button>
        </form>
        <div className="search-results__main">
          {status === "error" && (
            <p className="search-results__error" role="alert">
              Search is unavailable right now. Please try again.
            </p>
          )}
          {empty ? (
            <div className="search-results__empty">
              {props.empty.title && <h2>{props.empty.title}</h2>}
              <p>{props.empty.text}</p>
              <a
                className="button"
                href={clearFiltersTarget(config.search.landingBase, props.offers)}
                onClick={(event) => {
                  event.preventDefault();
                  clearAll();
                }}
              >
                {CLEAR_FILTERS_LABEL}
              </a>
            </div>
          ) : (
            // The carousel's code loads when a page first shows it (deferred-parts); the grid never suspends.
            <Suspense fallback={null}>
              <CardTow.Provider value={tow}>
                <Results cards={view.cards} promos={view.page === 0 && !props.offers ? promos : NO_PROMOS} />
              </CardTow.Provider>
            </Suspense>
          )}
          <p id={FINANCE_DISCLAIMER_ID} className="search-results__disclaimer">
            {props.financeDisclaimer}
          </p>
          <Pagination
            page={view.page}
            nbPages={view.nbPages}
            hrefFor={(page) => addressOf({ ...state, page: page + 1 })}
            go={(page) => {
              void show({ ...state, page: page + 1 }, "push");
              document.getElementById("search-heading")?.scrollIntoView({ block: "start" });
            }}
          />
        </div>
      </div>
    </section>
  );
}
