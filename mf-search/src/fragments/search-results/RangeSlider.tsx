import {
  clampRange,
  decodeRange,
  RANGE_SLIDER_DELAY_MS,
  type RangeBounds,
  type RangeValue,
  rangeRefinement,
  refineRange,
} from "@dealer/shared/rules";
import { useEffect, useRef, useState } from "react";

type Props = {
  attribute: string;
  label: string;
  bounds: RangeBounds;
  /** The address's 'min:max' refinement, or undefined. */
  refinement: string | undefined;
  format: (value: number) => string;
  /** null clears the refinement. */
  onRefine: (refinement: string | null) => void;
};

/** The address's range held to these bounds: a bound beyond the facet's reach draws the thumb at the end. */
const current = (refinement: string | undefined, bounds: RangeBounds, attribute: string): RangeValue => {
  const [min, max] = decodeRange(refinement);
  return clampRange([min ?? bounds.min, max ?? bounds.max], bounds, attribute);
};

/**
 * Two thumbs that cannot cross (native range inputs, so keyboard and aria-valuemin/max/now come with them), each
 * also a labelled number input. The address changes 400 ms after the last move.
 */
export function RangeSlider({ attribute, label, bounds, refinement, format, onRefine }: Props) {
  const [value, setValue] = useState<RangeValue>(() => current(refinement, bounds, attribute));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { step } = bounds;

  // biome-ignore lint/correctness/useExhaustiveDependencies: bounds is a new object each render; its values are what matter.
  useEffect(() => setValue(current(refinement, bounds, attribute)), [refinement, bounds.min, bounds.max, bounds.step]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(next: RangeValue) {
    if (next[0] === value[0] && next[1] === value[1]) return;
    const checked = refineRange(next, bounds);
    if (!checked.ok) {
      // The spec's refusal: logged, and the change ignored.
      console.warn(checked.error);
      setValue(current(refinement, bounds, attribute));
      return;
    }
    const held = clampRange(next, bounds, attribute);
    setValue(held);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      onRefine(rangeRefinement(held, bounds));
    }, RANGE_SLIDER_DELAY_MS);
  }

  const thumb = (index: 0 | 1) => {
    const name = index === 0 ? "Minimum" : "Maximum";
    const set = (raw: number) => commit(index === 0 ? [Math.min(raw, value[1]), value[1]] : [value[0], Math.max(raw, value[0])]);
    return (
      <div className="range__thumb">
        <input
          type="range"
          aria-label={`${name} ${label.toLowerCase()}`}
          aria-valuetext={format(value[index])}
          min={bounds.min}
          max={bounds.max}
          step={step}
          value={value[index]}
          onChange={(event) => set(Number(event.currentTarget.value))}
        />
        <label>
          <span className="visually-hidden">{name} {label.toLowerCase()} value</span>
          <input
            type="number"
            inputMode="numeric"
            step={step}
            defaultValue={value[index]}
            key={value[index]}
            onBlur={(event) => commit(index === 0 ? [Number(event.currentTarget.value), value[1]] : [value[0], Number(event.currentTarget.value)])}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                event.currentTarget.blur();
              }
            }}
          />
        </label>
      </div>
    );
  };

  return (
    <fieldset className="range" data-attribute={attribute}>
      <legend>{label}</legend>
      <p className="range__value" aria-hidden="true">
        {format(value[0])} – {format(value[1])}
      </p>
      {thumb(0)}
      {thumb(1)}
    </fieldset>
  );
}
