import type { StoredTowVehicle } from "@dealer/shared/buyer-choices";
import { formatNumber, NO_ATM_TEXT, TOWING_NOTE, towVerdict } from "@dealer/shared/rules";
import { TowVehiclePicker } from "@dealer/shared/tow-vehicle-picker";
import { useId, useState } from "react";
import type { TowCheckProps } from "./props";

/**
 * Can my car tow this van (issue 34): the van's ATM against the shopper's tow vehicle, with the verdict (within;
 * within but over 85 %; over) and the note that the laden weight, ball download and GCM count too. Without
 * JavaScript the van's ATM (or that it has none) is still stated.
 */
export function TowCheck({ atm }: TowCheckProps) {
  const id = useId();
  const [tow, setTow] = useState<StoredTowVehicle | null>(null);
  const verdict = tow ? towVerdict(atm, tow.capacityKg) : null;
  return (
    <section className="tow-check" aria-labelledby={`${id}-title`} data-testid="tow-check">
      <h2 id={`${id}-title`} className="tow-check__title">
        My tow vehicle
      </h2>
      <p className="tow-check__atm">{atm ? `This van's ATM (aggregate trailer mass): ${formatNumber(atm)} kg.` : NO_ATM_TEXT}</p>
      <TowVehiclePicker onChange={setTow} />
      <div aria-live="polite">
        {verdict && (
          <p className={`tow-check__verdict tow-check__verdict--${verdict.kind}`} data-testid="tow-verdict" data-verdict={verdict.kind}>
            {verdict.text}
          </p>
        )}
      </div>
      <p className="tow-check__note">{TOWING_NOTE}</p>
    </section>
  );
}
