import { CERTIFIED_DIALOG_POINTS, certifiedProgrammeName } from "@dealer/shared/rules";
import { buttonClass } from "@dealer/shared/ui";
import { VEHICLE_EVENTS } from "../../analytics-events";

const DIALOG_ID = "vehicle-certified-dialog";

/**
 * Invoker commands (commandfor/command) open and close the native modal <dialog> with no JavaScript of ours:
 * the browser traps focus, closes on Escape and returns focus to the badge. React's types do not list them yet.
 */
const command = (action: "show-modal" | "close") => ({ commandfor: DIALOG_ID, command: action }) as Record<string, string>;

/** The certified badge and its dialog; the server renders it only for the configured manufacturer's certified, unsold cars. */
export function CertifiedBrand({ manufacturer }: { manufacturer: string }) {
  const programme = certifiedProgrammeName(manufacturer);
  return (
    <div className="vehicle-certified">
      <button type="button" className="vehicle-certified__badge" {...command("show-modal")} data-analytics-event={VEHICLE_EVENTS.certifiedDialog}>
        {programme}
      </button>
      <dialog id={DIALOG_ID} className="ui-dialog vehicle-certified__dialog" aria-labelledby={`${DIALOG_ID}-title`}>
        <h2 id={`${DIALOG_ID}-title`}>{programme}</h2>
        <p>
          This vehicle is certified by {manufacturer}. Every {programme} vehicle comes with:
        </p>
        <ul className="vehicle-certified__points">
          {CERTIFIED_DIALOG_POINTS.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <button type="button" className={buttonClass({ variant: "primary" })} {...command("close")}>
          Close
        </button>
      </dialog>
    </div>
  );
}
