import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { loadCar } from "../../car-record.server";
import type { Env } from "../../env";
import { printSheet } from "./print-sheet";
import type { VehiclePrintProps } from "./VehiclePrint";
import VehiclePrintServer from "./VehiclePrint.server";

export const vehiclePrintFragment: FragmentDefinition<VehiclePrintProps, Env> = {
  load: async (request, env) => {
    const car = await loadCar(request, env);
    return { slug: car.slug, sheet: printSheet(car, request.config, new Date()) };
  },
  Component: VehiclePrintServer,
  // The sheet is in the server HTML; the buttons need only the slug.
  clientProps: ({ slug }) => ({ slug }),
};
