import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import type { Env } from "../../env";
import Unsubscribe, { type UnsubscribeProps } from "./Unsubscribe";

async function loadUnsubscribe(request: FragmentRequest): Promise<UnsubscribeProps> {
  const { token, done } = request.params;
  if (done) return { token: null, state: "done" };
  return /^[A-Za-z0-9_-]{43}$/.test(token ?? "") ? { token: token ?? null, state: "ask" } : { token: null, state: "unknown" };
}

export const unsubscribeFragment: FragmentDefinition<UnsubscribeProps, Env> = { load: loadUnsubscribe, Component: Unsubscribe };
