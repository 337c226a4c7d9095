import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import type { Env } from "../../env";
import InstantChat from "./InstantChat";
import type { InstantChatProps } from "./props";

type CarRow = { id: number; title: string; dealershipId: number; dealershipName: string };

/** The car the chat is about and the dealership that answers, on a site that offers chat (features.instantMessage). */
async function loadInstantChat(request: FragmentRequest, env: Env): Promise<InstantChatProps> {
  const { forms, features } = request.config;
  const car =
    features.instantMessage && request.params.slug
      ? await env.DB.prepare(
          `SELECT v.id, json_extract(v.data, '$.name') AS title, d.id AS dealershipId, d.name AS dealershipName
             FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id WHERE v.site = ? AND v.slug = ?`,
        )
          .bind(request.site.slug, request.params.slug)
          .first<CarRow>()
      : null;
  return { car, termsRequired: forms.termsRequired, optInDefault: forms.optInDefault };
}

export const instantChatFragment: FragmentDefinition<InstantChatProps, Env> = { load: loadInstantChat, Component: InstantChat };
