import { formatNumber } from "@dealer/shared/rules";
import { useId, useState } from "react";
import { PageLinks } from "../small-search/PageLinks";
import { useSmallSearch } from "../small-search/use-small-search";
import { EMPTY_MANUFACTURER_STATE, type ManufacturerState, manufacturerAddress, MANUFACTURER_PARAM_NAMES as PARAM } from "./manufacturer-state";
import type { ManufacturerView } from "./manufacturer-view";

export type ManufacturerSearchProps = {
  indexName: string;
  /** The site's landing base (/search or /used-car): model links are its landing paths. */
  landingBase: string;
  state: ManufacturerState;
  view: ManufacturerView;
  search: { appId: string; apiKey: string };
  pathname: string;
};

const plural = (count: number) => `${formatNumber(count)} ${count === 1 ? "make or model" : "makes and models"}`;

/**
 * 'Find a make or model' (spec §3 manufacturer search, ADR 0031): a GET form that works without script. Once
 * hydrated (on first use) it searches as the shopper types through a request cache of 10, 21 per page, and keeps
 * the address in step.
 */
export default function ManufacturerSearch(props: ManufacturerSearchProps) {
  const id = useId();
  const [text, setText] = useState(props.state.query);
  const { state, view, failed, load, show, refine, refineAfterTyping } = useSmallSearch<ManufacturerState, ManufacturerView>({
    state: props.state,
    view: props.view,
    pathname: props.pathname,
    address: manufacturerAddress,
    loadSearch: () =>
      import("./manufacturer-browser").then(({ createManufacturerSearch }) => createManufacturerSearch(props.search, props.indexName, props.landingBase)),
  });
  const pageHref = (page: number) => `${props.pathname}${manufacturerAddress({ ...state, page }, "")}#${id}heading`;

  return (
    <section className="manufacturers" aria-labelledby={`${id}heading`}>
      <h2 id={`${id}heading`}>Find a make or model</h2>
      <search>
        <form
          className="small-search__form manufacturers__form"
          method="get"
          action={props.pathname}
          onSubmit={(event) => {
            event.preventDefault();
            refine({ query: text.trim() });
          }}
          onFocus={() => void load()}
        >
          <label className="small-search__field">
            <span>Make, model or body type</span>
            <input
              type="search"
              name={PARAM.query}
              value={text}
              maxLength={100}
              autoComplete="off"
              placeholder="Toyota, RAV4, ute…"
              onChange={(event) => {
                const value = event.currentTarget.value;
                setText(value);
                refineAfterTyping({ query: value.trim() });
              }}
            />
          </label>
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </search>
      <p className="manufacturers__count" role="status" aria-live="polite">
        {failed ? "Makes and models could not be loaded. Please try again." : plural(view.count)}
      </p>
      {view.entries.length === 0 ? (
        <div className="manufacturers__empty">
          <p>No make or model matches ‘{state.query}’.</p>
          <a
            className="button"
            href={props.pathname}
            onClick={(event) => {
              event.preventDefault();
              setText("");
              void show(EMPTY_MANUFACTURER_STATE);
            }}
          >
            Show all makes and models
          </a>
        </div>
      ) : (
        <ul className="manufacturers__entries">
          {view.entries.map((entry) => (
            <li key={entry.objectID} className="manufacturers__entry">
              <a href={entry.href}>{entry.model ? `${entry.manufacturer} ${entry.model}` : entry.manufacturer}</a>
              <span className="manufacturers__detail">{entry.model ? entry.bodies.join(", ") : "All models"}</span>
            </li>
          ))}
        </ul>
      )}
      <PageLinks page={view.page} nbPages={view.nbPages} label="Make and model pages" href={pageHref} onPage={(page) => refine({ page })} />
    </section>
  );
}
