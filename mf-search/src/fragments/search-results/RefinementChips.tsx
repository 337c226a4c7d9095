import { CLEAR_FILTERS_LABEL, TOW_FILTER_TITLE, towFilterText } from "@dealer/shared/rules";
import { CAR_TYPE_LABELS, CERTIFIED_LABELS, type Refine, rangeChipText, setRange, setTowCapacity, toggleValue } from "./refinements";
import type { RouteState } from "@dealer/shared/rules";

/** Current refinements as removable chips. */
export function RefinementChips({ state, refine, onClear }: { state: RouteState; refine: Refine; onClear: () => void }) {
  const chips = [
    ...Object.entries(state.refinementList).flatMap(([attribute, values]) =>
      values.map((value) => ({
        key: `${attribute}:${value}`,
        text: attribute === "certified" ? (CERTIFIED_LABELS[value] ?? value) : attribute === "car_type" ? (CAR_TYPE_LABELS[value] ?? value) : value,
        remove: toggleValue(attribute, value),
      })),
    ),
    ...Object.entries(state.range).map(([attribute, value]) => ({
      key: `range:${attribute}`,
      text: rangeChipText(attribute, value),
      remove: setRange(attribute, null),
    })),
    ...(state.towCapacity !== null ? [{ key: "tow", text: `${TOW_FILTER_TITLE}: ${towFilterText(state.towCapacity)}`, remove: setTowCapacity(null) }] : []),
    ...(state.query ? [{ key: "query", text: `“${state.query}”`, remove: (s: RouteState) => ({ ...s, query: "" }) }] : []),
  ];
  if (chips.length === 0) return null;
  return (
    <fieldset className="chips">
      <legend className="visually-hidden">Current filters</legend>
      {chips.map((chip) => (
        <button key={chip.key} type="button" className="chip" aria-label={`Remove ${chip.text}`} onClick={() => refine(chip.remove)}>
          {chip.text} <span aria-hidden="true">×</span>
        </button>
      ))}
      <button type="button" className="link-button" onClick={onClear}>
        {CLEAR_FILTERS_LABEL}
      </button>
    </fieldset>
  );
}
