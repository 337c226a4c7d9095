import { type ComponentType, lazy } from "react";
import { onApproach } from "../../components/on-approach";
import type { PhoneRevealProps } from "./PhoneReveal";
import type { ShareBarProps } from "./ShareBar";

/** Parts of the summary below a phone's first view: the server renders them, the browser hydrates them on approach. */
export type DeferredParts = { ShareBar: ComponentType<ShareBarProps>; PhoneReveal: ComponentType<PhoneRevealProps> };

/** Wrapper ids the browser watches; each wrapper holds a Suspense boundary around its part. */
export const DEFERRED_IDS = { share: "vehicle-share-bar", phone: "vehicle-phone-reveal" } as const;

/**
 * The browser's parts: code that loads as the shopper nears its wrapper, after which React hydrates the boundary
 * (its server markup stays on screen meanwhile; a click that comes first is replayed once it has hydrated).
 */
export const browserDeferredParts: DeferredParts = {
  ShareBar: lazy(() =>
    onApproach(DEFERRED_IDS.share)
      .then(() => import("./ShareBar"))
      .then((module) => ({ default: module.ShareBar })),
  ),
  PhoneReveal: lazy(() =>
    onApproach(DEFERRED_IDS.phone)
      .then(() => import("./PhoneReveal"))
      .then((module) => ({ default: module.PhoneReveal })),
  ),
};
