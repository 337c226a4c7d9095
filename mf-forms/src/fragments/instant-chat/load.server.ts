import type { FragmentRequest } from "@dealer/shared/fragment";
import { type FragmentDefinition, onePerRequest } from "@dealer/shared/fragment-server";
import { siteListingVersionColumn, stockDataVersion } from "@dealer/shared/http";
import type { Env } from "../../env";
import InstantChat from "./InstantChat";
import type { InstantChatProps } from "./props";

type ChatRow = { stock_version: number; id: number | null; title: string | null; dealershipId: number | null; dealershipName: string | null };

/**
 * The car the chat is about and the dealership that answers, with the site's listing version (ADR 0123) from the same statement
 * (one snapshot): the gateway keeps the slot for anonymous views while the stock stays at it (ADR 0074). Read once per
 * fragment request, so `dataVersion` and `load` see the same row.
 */
const chatRead = onePerRequest(async (request: FragmentRequest, env: Env) => {
  const asked = request.config.features.instantMessage && request.params.slug ? request.params.slug : "";
  const row = await env.DB.prepare(
    `SELECT ${siteListingVersionColumn("?1")} AS stock_version, v.id, json_extract(v.data, '$.name') AS title, d.id AS dealershipId, d.name AS dealershipName
       FROM (SELECT 1) LEFT JOIN vehicles v ON v.site = ?1 AND v.slug = ?2 LEFT JOIN dealerships d ON d.id = v.dealership_id`,
  )
    .bind(request.site.slug, asked)
    .first<ChatRow>();
  const { id, title, dealershipId, dealershipName } = row ?? { id: null, title: null, dealershipId: null, dealershipName: null };
  return {
    version: stockDataVersion(request.site.slug, row?.stock_version ?? 0),
    car: id !== null && title !== null && dealershipId !== null && dealershipName !== null ? { id, title, dealershipId, dealershipName } : null,
  };
});

/** On a site that offers chat (features.instantMessage); the slot renders nothing without a car. */
async function loadInstantChat(request: FragmentRequest, env: Env): Promise<InstantChatProps> {
  const { forms } = request.config;
  return { car: (await chatRead(request, env)).car, termsRequired: forms.termsRequired, optInDefault: forms.optInDefault };
}

export const instantChatFragment: FragmentDefinition<InstantChatProps, Env> = {
  load: loadInstantChat,
  Component: InstantChat,
  dataVersion: async (request, env) => (await chatRead(request, env)).version,
};
