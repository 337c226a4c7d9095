import { readTowVehicle, type StoredTowVehicle, saveTowVehicle } from "@dealer/shared/buyer-choices";
import { TOW_FILTER_HINT, TOW_FILTER_TITLE, TOWING_CAPACITY_LIMITS, TOWING_CAPACITY_MESSAGE, towingCapacityOf } from "@dealer/shared/rules";
import { TowVehicleLookup, towVehicleText } from "@dealer/shared/tow-vehicle-picker";
import { useEffect, useId, useState } from "react";
import { type Refine, setTowCapacity } from "./refinements";
import { TOW_CAPACITY_PARAM } from "@dealer/shared/rules";

type Props = {
  /** The address's capacity (kg), or null. */
  capacity: number | null;
  /** A capacity the address gave that cannot be used, as typed. */
  refused: string | null;
  refine: Refine;
};

/**
 * "Suits my tow vehicle" (ADR 0079): the shopper's braked towing capacity filters vans by ATM. The capacity field is
 * named as the address names it, so the panel's form sends it without JavaScript. With it, the device's tow vehicle
 * (the one the caravan page's picker keeps) is one press away, a vehicle can be looked up, and a capacity used here is
 * kept on the device too: stated once, for every van page and search.
 */
export function TowFilter({ capacity, refused, refine }: Props) {
  const id = useId();
  const [typed, setTyped] = useState(refused ?? (capacity === null ? "" : String(capacity)));
  const [error, setError] = useState<string | null>(refused === null ? null : TOWING_CAPACITY_MESSAGE);
  const [device, setDevice] = useState<StoredTowVehicle | null>(null);
  // The device's vehicle and the lookup come after the first render, so it is the server's markup control for control.
  const [mounted, setMounted] = useState(false);
  /** The field shows the device's capacity, not applied: leaving it untouched filters nothing (ADR 0090). */
  const [prefilled, setPrefilled] = useState(false);

  useEffect(() => {
    setMounted(true);
    setDevice(readTowVehicle(localStorage));
  }, []);
  // The field follows the address (a chip removed, Back). Without a capacity there, it states the device's: the cards'
  // verdicts use it (ADR 0086), but it filters nothing until the shopper asks (ADR 0090). A refused one stays as typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address's capacity is what the field follows.
  useEffect(() => {
    if (capacity !== null) {
      setTyped(String(capacity));
      setPrefilled(false);
      return;
    }
    const stored = error === null ? readTowVehicle(localStorage) : null;
    if (stored) {
      setTyped(String(stored.capacityKg));
      setPrefilled(true);
    }
  }, [capacity]);

  const apply = (tow: StoredTowVehicle) => {
    setPrefilled(false);
    saveTowVehicle(localStorage, tow);
    setDevice(tow);
    setTyped(String(tow.capacityKg));
    setError(null);
    refine(setTowCapacity(tow.capacityKg));
  };

  const commit = (left: boolean) => {
    // Tabbing through a prefilled field is not asking for the filter; Enter is.
    if (left && prefilled) return;
    if (typed.trim() === "") {
      setError(null);
      if (capacity !== null) refine(setTowCapacity(null));
      return;
    }
    const checked = towingCapacityOf(typed);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    if (checked.kg !== capacity) apply({ capacityKg: checked.kg, vehicle: device?.capacityKg === checked.kg ? device.vehicle : null });
  };

  return (
    <fieldset className="facet tow-filter" data-attribute="atm" data-testid="tow-filter">
      <legend>{TOW_FILTER_TITLE}</legend>
      <p className="tow-filter__hint" id={`${id}-hint`}>
        {TOW_FILTER_HINT}
      </p>
      <label htmlFor={`${id}-capacity`}>Your vehicle's braked towing capacity (kg)</label>
      <input
        id={`${id}-capacity`}
        name={TOW_CAPACITY_PARAM}
        inputMode="numeric"
        autoComplete="off"
        maxLength={String(TOWING_CAPACITY_LIMITS.max).length + 2}
        value={typed}
        onChange={(event) => {
          setPrefilled(false);
          setTyped(event.target.value);
        }}
        onBlur={() => commit(true)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          commit(false);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
      />
      {error && (
        <p id={`${id}-error`} className="tow-picker__error" role="alert">
          {error}
        </p>
      )}
      {mounted && device && device.capacityKg !== capacity && (
        <button type="button" className="button button--secondary tow-filter__device" onClick={() => apply(device)}>
          Use my tow vehicle: {towVehicleText(device)}
        </button>
      )}
      {mounted && <TowVehicleLookup onPick={(vehicle) => apply({ capacityKg: vehicle.brakedCapacityKg, vehicle })} />}
    </fieldset>
  );
}
