import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { salesToday } from "@dealer/shared/rules";
import type { Env } from "../../env";
import SalesCounter, { type SalesCounterProps } from "./SalesCounter";

export const salesCounterFragment: FragmentDefinition<SalesCounterProps, Env> = {
  load: async () => ({ count: salesToday(new Date()) }),
  Component: SalesCounter,
};
