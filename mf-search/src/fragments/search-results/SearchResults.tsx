import { liteClient } from "algoliasearch/lite";
import { useAtomValue } from "jotai";
import { useMemo, useState } from "react";
import { siteConfigAtom } from "@dealer/shared/atoms";
import type { Car } from "@dealer/shared/contract";
import { formatMoney } from "@dealer/shared/rules";
import { cardAttributes, type ResultCard, toResultCard } from "./result-card";

export type SearchResultsProps = {
  cards: ResultCard[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  indexName: string;
  /** The site's public search key: it can only ever return this site's stock. */
  search: { appId: string; apiKey: string; filters: string; query: string };
  /** Server time the cards were decided at (tags like "just arrived" depend on it). */
  now: string;
};

function Price({ price }: { price: ResultCard["price"] }) {
  switch (price.kind) {
    case "subscription":
      return <span className="card__price">{formatMoney(price.amount)}{price.suffix}</span>;
    case "price":
      return (
        <span className="card__price">
          {price.struckBeforePrice !== null && <s className="card__before-price">{formatMoney(price.struckBeforePrice)}</s>}{" "}
          {formatMoney(price.amount)}
        </span>
      );
    default:
      return <span className="card__price card__price--text">{price.text}</span>;
  }
}

/** The grid shows at most this many cards a row: the first row is the page's largest paint. */
const FIRST_ROW = 3;

function Card({ card, firstRow }: { card: ResultCard; firstRow: boolean }) {
  return (
    <li className="card">
      <a className="card__link" href={card.href}>
        {card.image && (
          <img
            className="card__image"
            src={card.image}
            alt=""
            width={320}
            height={213}
            loading={firstRow ? "eager" : "lazy"}
            fetchPriority={firstRow ? "high" : "auto"}
            decoding="async"
          />
        )}
        {card.tag.kind !== "none" && <span className={`card__tag card__tag--${card.tag.kind}`}>{card.tag.label}</span>}
        <h2 className="card__title">{card.title}</h2>
        <p className="card__subtitle">{card.subtitle}</p>
      </a>
      <Price price={card.price} />
      <ul className="card__facts" aria-label="Key facts">
        {card.km !== null && <li>{card.km.toLocaleString("en-AU")} km</li>}
        {card.transmission && <li>{card.transmission}</li>}
        {card.body && <li>{card.body}</li>}
      </ul>
    </li>
  );
}

/** Results grid: server-rendered first page; page changes query the search API from the browser. */
export default function SearchResults(props: SearchResultsProps) {
  const config = useAtomValue(siteConfigAtom);
  const [view, setView] = useState({ cards: props.cards, page: props.page, nbHits: props.nbHits, nbPages: props.nbPages });
  const [state, setState] = useState<"data" | "loading" | "error">("data");
  const client = useMemo(
    () =>
      typeof window === "undefined"
        ? null
        : liteClient(props.search.appId, props.search.apiKey, {
            hosts: [{ url: window.location.host, protocol: window.location.protocol === "https:" ? "https" : "http", accept: "read" }],
          }),
    [props.search.appId, props.search.apiKey],
  );

  async function goTo(page: number) {
    if (!client || !config) return;
    setState("loading");
    try {
      const { results } = await client.search<Car>({
        requests: [{
          indexName: props.indexName, query: props.search.query, filters: props.search.filters, page,
          hitsPerPage: props.hitsPerPage, attributesToRetrieve: [...cardAttributes],
        }],
      });
      const result = results[0];
      if (!result || !("hits" in result)) throw new Error("No results");
      const now = new Date(props.now);
      // Last good results stay on screen until the new ones arrive.
      setView({ cards: result.hits.map((hit: Car) => toResultCard(hit, config, now)), page, nbHits: result.nbHits ?? 0, nbPages: result.nbPages ?? 0 });
      setState("data");
    } catch (error) {
      console.warn("Search failed", error);
      setState("error");
    }
  }

  if (view.cards.length === 0) {
    return (
      <section className="search-results search-results--empty" aria-labelledby="search-heading">
        <h1 id="search-heading">Search stock</h1>
        <p>No results found for your search at this time. Please try adjusting the filters for more results.</p>
        <a className="button" href="/search">Clear Filters</a>
      </section>
    );
  }
  return (
    <section className="search-results" aria-labelledby="search-heading" aria-busy={state === "loading"}>
      <h1 id="search-heading">Search stock</h1>
      <p className="search-results__count" role="status">
        {view.nbHits.toLocaleString("en-AU")} vehicles · page {view.page + 1} of {Math.max(1, view.nbPages)}
      </p>
      {state === "error" && <p className="search-results__error" role="alert">Search is unavailable right now. Please try again.</p>}
      <ul className="search-results__grid">
        {view.cards.map((card, index) => <Card key={card.id} card={card} firstRow={index < FIRST_ROW} />)}
      </ul>
      <nav className="pagination" aria-label="Result pages">
        <button type="button" className="button" disabled={view.page === 0 || state === "loading"} onClick={() => goTo(view.page - 1)}>
          Previous page
        </button>
        <button type="button" className="button" disabled={view.page + 1 >= view.nbPages || state === "loading"} onClick={() => goTo(view.page + 1)}>
          Next page
        </button>
      </nav>
    </section>
  );
}
