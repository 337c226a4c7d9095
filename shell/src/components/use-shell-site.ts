import { siteAtom, siteConfigAtom } from "@dealer/shared/atoms";
import { useAtomValue } from "jotai";

/** Site and config from the page's seeded store (server: per request; browser: once per page). */
export function useShellSite() {
  const site = useAtomValue(siteAtom);
  const config = useAtomValue(siteConfigAtom);
  if (!site || !config) throw new Error("Shell components need a store seeded with createSeededStore");
  return { site, config };
}
