import type { TradeInValuation } from "@dealer/shared/rules";
import { renderToString } from "react-dom/server";
import { offerHeading, type PlainAcceptance, TradeInOffer } from "../fragments/enquiry-form/TradeInOffer";
import { plainPage } from "../leads/form-post";

/**
 * The answer to a trade-in posted without script: its online valuation and offer, the same markup the
 * form's script shows in place of the form, with Accept as a plain form post. Not a redirect: a reload
 * posts the same key again and is answered with the same lead's valuation.
 */
export function tradeInOfferPage(valuation: TradeInValuation, acceptance: PlainAcceptance, selling: boolean): Response {
  const offer = renderToString(<TradeInOffer id="trade-in" valuation={valuation} selling={selling} submitting={false} error={null} plain={acceptance} />);
  return plainPage(200, offerHeading(valuation), offer);
}
