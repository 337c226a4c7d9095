import { useState } from "react";
import { VEHICLE_EVENTS } from "../../analytics-events";
import type { Phone } from "./props";

/** Where the browser logs a phone reveal (served by mf-vehicle through the gateway). */
export const PHONE_REVEAL_PATH = "/api/vehicles/phone-reveals";

/** Masked after 5 characters until the shopper reveals it; the reveal is logged, its failure only warned about. */
export type PhoneRevealProps = { phone: Phone; carId: number; websiteId: string };

export function PhoneReveal({ phone, carId, websiteId }: PhoneRevealProps) {
  const [revealed, setRevealed] = useState(phone.revealed);
  const reveal = () => {
    setRevealed(true);
    const body = JSON.stringify({ car_id: carId, dealership_id: phone.dealershipId, website_id: websiteId });
    fetch(PHONE_REVEAL_PATH, { method: "POST", headers: { "content-type": "application/json" }, body })
      .then((response) => console.info("[vehicle] phone reveal logged", response.status))
      .catch((error: unknown) => console.warn("[vehicle] phone reveal log failed", error));
  };
  return (
    <p className="vehicle-phone">
      <span className="vehicle-phone__label">Call the dealer</span>{" "}
      {revealed ? (
        <a className="vehicle-phone__number" href={`tel:${phone.number.replace(/\s+/g, "")}`}>
          {phone.number}
        </a>
      ) : (
        // Its name is its visible text (WCAG 2.5.3, label in name): a speech user says what they see.
        <button type="button" className="vehicle-phone__reveal" onClick={reveal} data-analytics-event={VEHICLE_EVENTS.phoneReveal}>
          <span className="vehicle-phone__number">{phone.masked}</span> <span className="vehicle-phone__hint">Show number</span>
        </button>
      )}
    </p>
  );
}
