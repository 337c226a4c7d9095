import type { PageConfig } from "@dealer/shared/config";
import { bodyType, formatNumber, type ItemType, kmFilterShown, makeList, rangeBounds, towFilterShown } from "@dealer/shared/rules";
import { useState } from "react";
import { RangeSlider } from "./RangeSlider";
import { CAR_TYPE_LABELS, CERTIFIED_LABELS, RANGE_FORMATS, RANGE_LABELS, type Refine, setRange, toggleValue } from "./refinements";
import type { RouteState } from "@dealer/shared/rules";
import type { FacetValue, SearchView } from "./search-view";
import { TowFilter } from "./TowFilter";


/** Titles of the filters a site may add (search.extraFilters). */
const EXTRA_FILTER_TITLES: Record<PageConfig["search"]["extraFilters"][number], string> = {
  car_type: "Condition",
  fuel: "Fuel",
  transmission: "Transmission",
  drive: "Drive",
  colour: "Colour",
  seats: "Seats",
  year: "Year",
  city: "City",
  location_name: "Location",
  dealership_name: "Dealership",
  state: "State",
};

function FacetList(props: {
  attribute: string;
  title: string;
  values: FacetValue[];
  refine: Refine;
  label?: (value: string) => string;
  footer?: React.ReactNode;
}) {
  const { attribute, title, values, refine, label = (value) => value } = props;
  if (values.length === 0) return null;
  return (
    <fieldset className="facet" data-attribute={attribute}>
      <legend>{title}</legend>
      <ul className="facet__list">
        {values.map((entry) => (
          <li key={entry.value}>
            <label className="facet__option">
              <input
                type="checkbox"
                name={`refinementList[${attribute}][]`}
                value={entry.value}
                checked={entry.refined}
                onChange={() => refine(toggleValue(attribute, entry.value))}
              />
              <span>{label(entry.value)}</span>
              <span className="facet__count">{formatNumber(entry.count)}</span>
            </label>
          </li>
        ))}
      </ul>
      {props.footer}
    </fieldset>
  );
}

/** A list with a single value nobody chose narrows nothing (one dealership, one state): it is left out. */
const choices = (values: FacetValue[]) => (values.length === 1 && !values[0]?.refined ? [] : values);

/** The refinements in view are the address's, even before the next results arrive. */
function withRefined(values: FacetValue[] | undefined, refined: string[] | undefined): FacetValue[] {
  const list = (values ?? []).map((entry) => ({ ...entry, refined: refined?.includes(entry.value) ?? false }));
  for (const value of refined ?? []) if (!list.some((entry) => entry.value === value)) list.unshift({ value, count: 0, refined: true });
  return list;
}

export type FiltersProps = {
  state: RouteState;
  view: SearchView;
  config: PageConfig;
  itemType: ItemType;
  /** A tow capacity the address gave that cannot be used, as typed (ADR 0079). */
  towRefused: string | null;
  refine: Refine;
};

/** The filter panel: loaded on approach or first use (FiltersIsland); the server renders it in place. */
export function Filters({ state, view, config, itemType, towRefused, refine }: FiltersProps) {
  const [allMakes, setAllMakes] = useState(false);
  const facet = (attribute: string) => withRefined(view.facets[attribute], state.refinementList[attribute]);
  const makes = makeList(facet("make"), allMakes);
  const chosenMakes = state.refinementList.make ?? [];
  const models = facet("make_model").filter((entry) => chosenMakes.some((make) => entry.value.startsWith(`${make} `)));
  const bodies = facet("body").filter((entry) => bodyType(entry.value, config.search) !== null);

  return (
    <div className="filters">
      {/* First on a site of towed stock: whether the shopper's vehicle can tow it narrows the list most. */}
      {towFilterShown(itemType) && <TowFilter capacity={state.towCapacity} refused={towRefused} refine={refine} />}
      {config.search.extraFilters.includes("car_type") && !config.search.usedOnly && (
        <FacetList attribute="car_type" title={EXTRA_FILTER_TITLES.car_type} values={facet("car_type")} refine={refine} label={(value) => CAR_TYPE_LABELS[value] ?? value} />
      )}
      <FacetList
        attribute="make"
        title="Make"
        values={makes.visible}
        refine={refine}
        footer={
          makes.toggle && (
            <button type="button" className="link-button" aria-expanded={allMakes} onClick={() => setAllMakes(!allMakes)}>
              {makes.toggle}
            </button>
          )
        }
      />
      <FacetList attribute="make_model" title="Model" values={models} refine={refine} />
      {bodies.length > 0 && (
        <fieldset className="facet" data-attribute="body">
          <legend>Body type</legend>
          <ul className="body-tiles">
            {bodies.map((entry) => (
              <li key={entry.value}>
                <button
                  type="button"
                  className="body-tile"
                  data-body-type={bodyType(entry.value, config.search) ?? undefined}
                  aria-pressed={entry.refined}
                  onClick={() => refine(toggleValue("body", entry.value))}
                >
                  <span>{entry.value}</span> <span className="facet__count">{formatNumber(entry.count)}</span>
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <RangeSlider
        attribute="price"
        label={RANGE_LABELS.price!}
        bounds={rangeBounds(view.stats.price, "price")}
        refinement={state.range.price}
        format={RANGE_FORMATS.price!}
        onRefine={(refinement) => refine(setRange("price", refinement))}
      />
      {/* Only where some car shows a repayment (or the address already asks for one). */}
      {(view.stats.weekly_price_range || state.range.weekly_price_range) && (
        <RangeSlider
          attribute="weekly_price_range"
          label={RANGE_LABELS.weekly_price_range!}
          bounds={rangeBounds(view.stats.weekly_price_range, "weekly_price_range")}
          refinement={state.range.weekly_price_range}
          format={RANGE_FORMATS.weekly_price_range!}
          onRefine={(refinement) => refine(setRange("weekly_price_range", refinement))}
        />
      )}
      {kmFilterShown(itemType) && (
      <RangeSlider
        attribute="km"
        label={RANGE_LABELS.km!}
        bounds={rangeBounds(view.stats.km, "km")}
        refinement={state.range.km}
        format={RANGE_FORMATS.km!}
        onRefine={(refinement) => refine(setRange("km", refinement))}
      />
      )}
      <FacetList attribute="certified" title="Certified" values={facet("certified")} refine={refine} label={(value) => CERTIFIED_LABELS[value] ?? value} />
      {config.search.extraFilters
        .filter((attribute) => attribute !== "car_type")
        .map((attribute) => (
          <FacetList key={attribute} attribute={attribute} title={EXTRA_FILTER_TITLES[attribute]} values={choices(facet(attribute))} refine={refine} />
        ))}
    </div>
  );
}
