import { formatNumber } from "@dealer/shared/rules";
import { useId } from "react";
import { PageLinks } from "../small-search/PageLinks";
import { SmallSearchForm, SmallSearchReset } from "../small-search/SmallSearchForm";
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
  const search = useSmallSearch<ManufacturerState, ManufacturerView>({
    state: props.state,
    view: props.view,
    pathname: props.pathname,
    address: manufacturerAddress,
    loadSearch: () =>
      import("./manufacturer-browser").then(({ createManufacturerSearch }) => createManufacturerSearch(props.search, props.indexName, props.landingBase)),
  });
  const { state, view } = search;
  const pageHref = (page: number) => `${props.pathname}${manufacturerAddress({ ...state, page }, "")}#${id}heading`;

  return (
    <section className="manufacturers" aria-labelledby={`${id}heading`}>
      <h2 id={`${id}heading`}>Find a make or model</h2>
      <SmallSearchForm
        className="manufacturers__form"
        pathname={props.pathname}
        label="Make, model or body type"
        name={PARAM.query}
        placeholder="Toyota, RAV4, ute…"
        maxLength={100}
        search={search}
      />
      <p className="manufacturers__count" role="status" aria-live="polite">
        {search.failed ? "Makes and models could not be loaded. Please try again." : plural(view.count)}
      </p>
      {view.entries.length === 0 ? (
        <div className="manufacturers__empty">
          <p>No make or model matches ‘{state.query}’.</p>
          <SmallSearchReset pathname={props.pathname} onReset={() => search.reset(EMPTY_MANUFACTURER_STATE)}>
            Show all makes and models
          </SmallSearchReset>
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
      <PageLinks page={view.page} nbPages={view.nbPages} label="Make and model pages" href={pageHref} onPage={(page) => search.refine({ page })} />
    </section>
  );
}
