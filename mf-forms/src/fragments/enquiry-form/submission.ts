/**
 * Everything submitting a form needs: react-hook-form, the zod lead schema, the POST. Imported only
 * through load-submission.ts, so a page renders and hydrates its forms without any of it.
 */
export { enhanceLeadForm } from "./enhance";
export { TradeInOffer } from "./TradeInOffer";
