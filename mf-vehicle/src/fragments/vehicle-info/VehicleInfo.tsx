import { ServerOnly } from "../../components/ServerOnly";

/**
 * The browser's build of the info sections: nothing to run. The server's markup (VehicleInfo.server.tsx) stays
 * as it came; every toggle in it is a native <details>, so the sections work without JavaScript.
 */
export default function VehicleInfo() {
  return <ServerOnly className="vehicle-info" />;
}
