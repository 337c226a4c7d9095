import { type ComponentType, lazy } from "react";
import { onApproach } from "../../components/on-approach";
import type { AnnouncementBarProps } from "./AnnouncementBar";
import type { PhoneRevealProps } from "./PhoneReveal";
import type { ShareBarProps } from "./ShareBar";
import type { StickyBarProps } from "./StickyBar";

/**
 * Parts the first view of a phone does not need running: the server renders them in place, the browser loads
 * their code as they come into view (or are used), and React hydrates their Suspense boundary then. Their
 * server markup stays on screen meanwhile, and a click that comes first is replayed once they have hydrated.
 */
export type DeferredParts = {
  ShareBar: ComponentType<ShareBarProps>;
  PhoneReveal: ComponentType<PhoneRevealProps>;
  /** Only cars away from the primary location have one, so most pages never load it. */
  AnnouncementBar: ComponentType<AnnouncementBarProps>;
  /** Fixed at the bottom of a phone: it has nothing to do before the first scroll. */
  StickyBar: ComponentType<StickyBarProps>;
};

/** Wrapper ids the browser watches; each wrapper holds a Suspense boundary around its part. */
export const DEFERRED_IDS = {
  share: "vehicle-share-bar",
  phone: "vehicle-phone-reveal",
  announcement: "vehicle-announcement",
  stickyBar: "vehicle-sticky-bar",
} as const;

const deferred = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((Component) => ({ default: Component })));

export const browserDeferredParts: DeferredParts = {
  ShareBar: deferred(() => onApproach(DEFERRED_IDS.share).then(() => import("./ShareBar").then((module) => module.ShareBar))),
  PhoneReveal: deferred(() => onApproach(DEFERRED_IDS.phone).then(() => import("./PhoneReveal").then((module) => module.PhoneReveal))),
  AnnouncementBar: deferred(() => onApproach(DEFERRED_IDS.announcement).then(() => import("./AnnouncementBar").then((module) => module.AnnouncementBar))),
  StickyBar: deferred(() => onApproach(DEFERRED_IDS.stickyBar, { scroll: true }).then(() => import("./StickyBar").then((module) => module.StickyBar))),
};
