import { clampPriceSlider, formatMoney, priceSliderSearchUrl } from "@dealer/shared/rules";
import { useId, useState } from "react";
import type { PriceSliderProps } from "./props";

export type { PriceSliderProps } from "./props";

/** The price slider page: two thumbs (at least 1 apart) and a button to the search in that range, dearest first. */
export default function PriceSlider({ bounds, vehicleNoun }: PriceSliderProps) {
  const id = useId();
  const [[low, high], setRange] = useState(() => clampPriceSlider(bounds.sliderMin, bounds.sliderMax, bounds));
  const thumbs = [
    { key: "min", label: "Minimum price", value: low, set: (value: number) => setRange(clampPriceSlider(value, high, bounds)) },
    { key: "max", label: "Maximum price", value: high, set: (value: number) => setRange(clampPriceSlider(low, value, bounds)) },
  ];

  return (
    <section className="price-slider" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="price-slider__heading">{`Shop ${vehicleNoun.toLowerCase()}s by price`}</h2>
      <output className="price-slider__range" aria-live="polite" htmlFor={`${id}-min ${id}-max`} data-testid="price-range">
        {`${formatMoney(low)} to ${formatMoney(high)}`}
      </output>
      <div className="price-slider__track">
        {thumbs.map((thumb) => (
          <div key={thumb.key} className="price-slider__thumb">
            <label htmlFor={`${id}-${thumb.key}`}>{thumb.label}</label>
            <input
              id={`${id}-${thumb.key}`}
              type="range"
              min={bounds.sliderMin}
              max={bounds.sliderMax}
              step={bounds.sliderStep}
              value={thumb.value}
              aria-valuetext={formatMoney(thumb.value)}
              onChange={(event) => thumb.set(Number(event.target.value))}
            />
          </div>
        ))}
      </div>
      <a className="button button--primary price-slider__search" href={priceSliderSearchUrl(low, high)}>
        {`View ${vehicleNoun}s From ${formatMoney(low)} to ${formatMoney(high)}`}
      </a>
    </section>
  );
}
