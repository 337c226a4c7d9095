import type { DirectoryDepartment } from "@dealer/shared/contract";
import {
  DIRECTORY_PRICE_CEILINGS,
  formatMoney,
  formatNumber,
  groupDirectoryEntries,
  NO_OFFERS_TEXT,
  NO_OFFERS_TITLE,
} from "@dealer/shared/rules";
import { useId } from "react";
import { PageLinks } from "../small-search/PageLinks";
import { SmallSearchForm, SmallSearchReset } from "../small-search/SmallSearchForm";
import { useSmallSearch } from "../small-search/use-small-search";
import { type DirectoryState, directoryAddress, DIRECTORY_PARAM_NAMES as PARAM, EMPTY_DIRECTORY_STATE } from "./directory-state";
import type { DirectoryEntry, DirectoryView } from "./directory-view";

export type DirectorySearchProps = {
  /** The page's own department: its entries come first. */
  department: DirectoryDepartment;
  indexName: string;
  state: DirectoryState;
  view: DirectoryView;
  /** The site's dealerships, when it has more than one (the directory is scoped by dealership_id). */
  dealerships: { id: number; name: string }[];
  search: { appId: string; apiKey: string };
  pathname: string;
};

const plural = (count: number) => `${formatNumber(count)} ${count === 1 ? "offer" : "offers"}`;

function Entry({ entry }: { entry: DirectoryEntry }) {
  return (
    <li className="directory__entry">
      <a className="directory__title" href={`${entry.href}#slot-form`}>
        {entry.title}
      </a>
      <span className="directory__dealership">{entry.dealership_name}</span>
      <span className="directory__description">{entry.description}</span>
      <span className="directory__price">{entry.price === null ? "Price on request" : `From ${formatMoney(entry.price)}`}</span>
    </li>
  );
}

/**
 * The service and parts directory (ADR 0026): a GET form that works without script, results grouped by department
 * and category. Once hydrated (on first use) it searches as the shopper types, through a small request cache, and
 * keeps the address in step.
 */
export default function DirectorySearch(props: DirectorySearchProps) {
  const id = useId();
  const search = useSmallSearch<DirectoryState, DirectoryView>({
    state: props.state,
    view: props.view,
    pathname: props.pathname,
    address: directoryAddress,
    loadSearch: () => import("./directory-browser").then(({ createDirectorySearch }) => createDirectorySearch(props.search, props.indexName)),
  });
  const { state, view, refine } = search;
  const pageHref = (page: number) => `${props.pathname}${directoryAddress({ ...state, page }, "")}#${id}heading`;
  const groups = groupDirectoryEntries(view.entries, props.department);

  return (
    <section className="directory" aria-labelledby={`${id}heading`}>
      <h2 id={`${id}heading`}>Service and parts offers</h2>
      <SmallSearchForm
        className="directory__form"
        pathname={props.pathname}
        label="Search offers"
        name={PARAM.query}
        placeholder="Tyres, logbook service, towbar…"
        maxLength={200}
        search={search}
      >
          <label className="small-search__field">
            <span>Category</span>
            <select name={PARAM.category} value={state.category ?? ""} onChange={(event) => refine({ category: event.currentTarget.value || null })}>
              <option value="">All categories</option>
              {view.categories.map((category) => (
                <option key={category.value} value={category.value}>
                  {category.value} ({category.count})
                </option>
              ))}
            </select>
          </label>
          {props.dealerships.length > 1 && (
            <label className="small-search__field">
              <span>Dealership</span>
              <select
                name={PARAM.dealershipId}
                value={state.dealershipId ?? ""}
                onChange={(event) => refine({ dealershipId: event.currentTarget.value ? Number(event.currentTarget.value) : null })}
              >
                <option value="">All dealerships</option>
                {props.dealerships.map((dealership) => (
                  <option key={dealership.id} value={dealership.id}>
                    {dealership.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="small-search__field">
            <span>Price</span>
            <select
              name={PARAM.priceMax}
              value={state.priceMax ?? ""}
              onChange={(event) => refine({ priceMax: event.currentTarget.value ? Number(event.currentTarget.value) : null })}
            >
              <option value="">Any price</option>
              {DIRECTORY_PRICE_CEILINGS.map((ceiling) => (
                <option key={ceiling} value={ceiling}>
                  Up to {formatMoney(ceiling)}
                </option>
              ))}
            </select>
          </label>
      </SmallSearchForm>
      <p className="directory__count" role="status" aria-live="polite">
        {search.failed ? "Offers could not be loaded. Please try again." : plural(view.count)}
      </p>
      {view.entries.length === 0 ? (
        <div className="directory__empty">
          <h3>{NO_OFFERS_TITLE}</h3>
          <p>{NO_OFFERS_TEXT}</p>
          <SmallSearchReset pathname={props.pathname} onReset={() => search.reset(EMPTY_DIRECTORY_STATE)}>
            Clear Filters
          </SmallSearchReset>
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.department} className="directory__department" aria-labelledby={`${id}${group.department}`}>
            <h3 id={`${id}${group.department}`}>{group.label}</h3>
            {group.categories.map((category) => (
              <div key={category.category} className="directory__category">
                <h4>{category.category}</h4>
                <ul className="directory__entries">
                  {category.entries.map((entry) => (
                    <Entry key={entry.objectID} entry={entry} />
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))
      )}
      <PageLinks page={view.page} nbPages={view.nbPages} label="Offer pages" href={pageHref} onPage={(page) => refine({ page })} />
    </section>
  );
}
