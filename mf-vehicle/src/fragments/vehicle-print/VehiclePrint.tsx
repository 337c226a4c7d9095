import { ServerOnly } from "../../components/ServerOnly";
import { PrintActions } from "./PrintActions";
import type { PrintSheet } from "./print-sheet";

/** The browser receives the slug for its buttons; the sheet itself is server-only markup. */
export type VehiclePrintProps = { slug: string; sheet?: PrintSheet };

export default function VehiclePrint({ slug }: VehiclePrintProps) {
  return (
    <div className="vehicle-print">
      <PrintActions slug={slug} />
      <ServerOnly className="vehicle-print__sheet" />
    </div>
  );
}
