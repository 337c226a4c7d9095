import { readTowVehicle } from "@dealer/shared/buyer-choices";
import { towVerdict } from "@dealer/shared/rules";

export type CardTowVerdictProps = { atm: number | null; capacityKg: number };

/** The capacity of the tow vehicle the device keeps (the van page's picker and the tow filter keep it), or null. */
export const deviceTowCapacity = (storage: Storage): number | null => readTowVehicle(storage)?.capacityKg ?? null;

/**
 * The van page's verdict (towVerdict: within; within but over 85 %; over; no ATM stated) on a search card. Its words
 * carry it; the border's colour only repeats them.
 */
export function CardTowVerdict({ atm, capacityKg }: CardTowVerdictProps) {
  const verdict = towVerdict(atm, capacityKg);
  return (
    <p className={`card__tow card__tow--${verdict.kind}`} data-testid="card-tow-verdict" data-verdict={verdict.kind}>
      {verdict.text}
    </p>
  );
}
