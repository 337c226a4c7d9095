import { type FormEvent, useEffect, useId, useState } from "react";
import { type TowVehicle, towVehicleLabel } from "../rules/towing";
import { TOWING_CAPACITY_LIMITS, towingCapacityOf } from "../rules/towing-capacity";
import { readTowVehicle, type StoredTowVehicle, saveTowVehicle } from "./buyer-choices";

/** Served by mf-vehicle through the gateway on every site's host (mf-vehicle/src/api/buyer-tools.ts). */
export const TOWING_VEHICLES_PATH = "/api/towing/vehicles";
const LOOKUP_DELAY_MS = 250;

const isVehicles = (body: unknown): body is TowVehicle[] => Array.isArray(body);

/**
 * The network's tow vehicles looked up as the shopper types (make, model, year, badge); a pick is handed to `onPick`.
 * Used by the picker below and by caravan search's "Suits my tow vehicle" filter (mf-search).
 */
export function TowVehicleLookup({ onPick }: { onPick: (vehicle: TowVehicle) => void }) {
  const id = useId();
  const [words, setWords] = useState("");
  const [found, setFound] = useState<TowVehicle[]>([]);

  useEffect(() => {
    const query = words.trim();
    if (query.length < 2) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${TOWING_VEHICLES_PATH}?query=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : []))
        .then((body: unknown) => setFound(isVehicles(body) ? body : []))
        .catch(() => setFound([]));
    }, LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [words]);

  const pick = (vehicle: TowVehicle) => {
    setFound([]);
    setWords("");
    onPick(vehicle);
  };

  return (
    <>
      <label htmlFor={`${id}-words`}>Find your vehicle (make, model, year)</label>
      <input id={`${id}-words`} type="search" autoComplete="off" maxLength={60} value={words} onChange={(event) => setWords(event.target.value)} />
      {found.length > 0 && (
        <ul className="tow-picker__found" aria-label="Vehicles found">
          {found.map((vehicle) => (
            <li key={towVehicleLabel(vehicle)}>
              <button type="button" className="tow-picker__pick" onClick={() => pick(vehicle)}>
                {towVehicleLabel(vehicle)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * "My tow vehicle" (issue 34): a variant from the network's car stock, looked up as the shopper types, or a braked
 * capacity typed in; kept on the device and handed to `onChange`. Shared by the caravan page (mf-vehicle) and caravan
 * search (mf-search), so both remember the same vehicle.
 */
export function TowVehiclePicker({ onChange }: { onChange: (tow: StoredTowVehicle | null) => void }) {
  const id = useId();
  const [tow, setTow] = useState<StoredTowVehicle | null>(null);
  const [capacity, setCapacity] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, the device's vehicle
  useEffect(() => {
    setReady(true);
    const saved = readTowVehicle(localStorage);
    setTow(saved);
    onChange(saved);
  }, []);

  const choose = (next: StoredTowVehicle) => {
    saveTowVehicle(localStorage, next);
    setTow(next);
    setError(null);
    onChange(next);
  };

  const typed = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = towingCapacityOf(capacity);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    choose({ capacityKg: checked.kg, vehicle: null });
  };

  return (
    <div className="tow-picker" data-ready={ready ? "true" : undefined}>
      <p className="tow-picker__current" data-testid="tow-vehicle">
        {tow ? towVehicleText(tow) : "No tow vehicle chosen yet."}
      </p>
      <TowVehicleLookup onPick={(vehicle) => choose({ capacityKg: vehicle.brakedCapacityKg, vehicle })} />
      <form className="tow-picker__capacity" noValidate onSubmit={typed}>
        <label htmlFor={`${id}-capacity`}>or its braked towing capacity (kg)</label>
        <input
          id={`${id}-capacity`}
          inputMode="numeric"
          maxLength={String(TOWING_CAPACITY_LIMITS.max).length + 2}
          value={capacity}
          onChange={(event) => setCapacity(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="button button--secondary">
          Use this capacity
        </button>
        {error && (
          <p id={`${id}-error`} className="tow-picker__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}

/** The device's tow vehicle in words: the variant, or the capacity typed in. */
export const towVehicleText = (tow: StoredTowVehicle) =>
  tow.vehicle ? towVehicleLabel(tow.vehicle) : `Braked towing capacity ${tow.capacityKg.toLocaleString("en-AU")} kg`;
