import type { ShellState } from "@dealer/shared/atoms";
import { remoteNameSchema } from "@dealer/shared/fragment";
import type { GatewayEnv } from "../env";
import { forwardToRemote } from "../proxy/forward";
import { matchRoute, type PageCar, slotsFor } from "../routes/slot-plans";
import { fragmentRequestFor } from "./stream-page";

type SlotQuery = { remote: string; fragment: string; slot: string; path: string; origin: string };

/**
 * Props for a slot the server sent as a fallback. The browser names the page; the gateway
 * re-plans it, so a caller can only ask for fragments that page really has. A car page's plan depends on its car
 * (`carOf`): a test-drive-only car's aside is the test-drive form under the slot name the enquiry form has elsewhere.
 */
export async function fetchPropsForSlot(env: GatewayEnv, state: ShellState, query: SlotQuery, carOf: (params: Record<string, string>) => Promise<PageCar | null>): Promise<Response> {
  const remote = remoteNameSchema.safeParse(query.remote);
  // '//host' would be another origin, and '//[' is no URL at all: only a path on this host is a page.
  const url = query.path.startsWith("/") && !query.path.startsWith("//") && URL.canParse(query.path, "https://tenant.invalid") ? new URL(query.path, "https://tenant.invalid") : null;
  if (!remote.success || !url) {
    return Response.json({ message: "Unknown remote or path" }, { status: 400 });
  }
  const match = matchRoute(url, state.config);
  const car = match?.plan.requires === "car" ? await carOf(match.params) : null;
  const slots = match && (match.plan.requires !== "car" || car) ? slotsFor(match.plan, car).slots : [];
  const plan = slots.find((s) => s.slot === query.slot && s.remote === remote.data && s.fragment === query.fragment);
  if (!match || !plan) return Response.json({ message: "No such slot on that page" }, { status: 404 });
  const body = JSON.stringify(fragmentRequestFor(state, plan, { path: url.pathname + url.search, origin: query.origin }, match.params));
  return forwardToRemote(
    env,
    remote.data,
    new Request(`https://${remote.data}/props/${plan.fragment}`, { method: "POST", headers: { "content-type": "application/json" }, body }),
  );
}
