import type { SiteConfig } from "../config/site-config";
import { signInUrl } from "./accounts";

/** Destinations that always need sign-in (the watchlist page lists a signed-in shopper's own cars). */
const ALWAYS_GATED = ["/my-garage", "/spin-to-win", "/online-payment", "/watchlist"] as const;

/**
 * The equifax-style "know your credit score" finance page and the names dealer sites link to it by: it asks
 * for consent to a credit check, so it is always gated (ADR 0027). The gateway's route table matches these too.
 */
export const CREDIT_CHECK_PATHS = ["/finance/credit-check", "/credit-check", "/credit-score", "/know-your-credit-score"] as const;

export type GateContext = {
  signedIn: boolean;
  /** Still loading the session: no redirect yet. */
  loading: boolean;
  /** The car behind the page needs an NVIC-based personalised finance quote. */
  hasNvic?: boolean;
};

/** Which gate a path falls under, or null; 'garage' covers /my-garage and brand-named garage pages. */
export function gateFor(path: string, features: Pick<SiteConfig["features"], "checkoutGated" | "tradeInGated">, hasNvic = false): string | null {
  const [pathname = "/"] = path.split("?");
  if (/^\/[a-z0-9-]*garage(\/|$)/.test(pathname)) return "garage";
  for (const gated of ALWAYS_GATED) if (pathname === gated || pathname.startsWith(`${gated}/`)) return gated.slice(1);
  if (CREDIT_CHECK_PATHS.some((gated) => pathname === gated || pathname === `${gated}/`)) return "credit-check";
  if (pathname.startsWith("/personalised/finance") && hasNvic) return "finance";
  // Checkout without a car slug does not redirect.
  if (features.checkoutGated && /^\/cars\/[^/]+\/(checkout|buy-online)$/.test(pathname)) return "checkout";
  if (features.tradeInGated && /^\/(trade-in|sell-my-car|sell-your-car)$/.test(pathname)) return "trade-in";
  return null;
}

/** Sign-in URL an anonymous visitor is sent to once loading has finished; null when no redirect is due. */
export function gatedRedirect(path: string, features: Pick<SiteConfig["features"], "checkoutGated" | "tradeInGated">, context: GateContext): string | null {
  if (context.loading || context.signedIn) return null;
  const gate = gateFor(path, features, context.hasNvic);
  return gate ? signInUrl(gate, path, path) : null;
}
