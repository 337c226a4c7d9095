import { isStoredOnDevice, TOW_VEHICLE_KEY } from "@dealer/shared/buyer-choice-keys";
import { type ComponentType, createContext, useEffect, useState } from "react";
import type { CardTowVerdictProps } from "./CardTowVerdict";

/** The verdict's part (CardTowVerdict.tsx) and the device's capacity, once both are known. */
export type CardTowState = { Verdict: ComponentType<CardTowVerdictProps>; capacityKg: number };
export const CardTow = createContext<CardTowState | null>(null);

/**
 * Each van's verdict against the device's tow vehicle (ADR 0086): the server cannot know the device, so the cards are
 * rendered without it and this part's code loads after hydration, only on a site of towed stock whose device keeps a
 * tow vehicle. Read again whenever the address's capacity changes: the tow filter keeps the capacity it applies on the
 * device first.
 */
export function useCardTow(towing: boolean, capacity: number | null): CardTowState | null {
  const [tow, setTow] = useState<CardTowState | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the capacity is the signal that the device's vehicle may have changed.
  useEffect(() => {
    if (!towing || !isStoredOnDevice(TOW_VEHICLE_KEY)) return;
    let live = true;
    void import("./CardTowVerdict").then(({ CardTowVerdict, deviceTowCapacity }) => {
      const capacityKg = deviceTowCapacity(localStorage);
      if (live) setTow(capacityKg === null ? null : { Verdict: CardTowVerdict, capacityKg });
    });
    return () => {
      live = false;
    };
  }, [towing, capacity]);
  return tow;
}
