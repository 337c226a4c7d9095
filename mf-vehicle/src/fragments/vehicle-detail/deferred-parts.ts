import { type Session, sessionAtom } from "@dealer/shared/atoms";
import { CUSTOMER_KEY, isStoredOnDevice, REGISTRATION_PLACE_KEY, TOW_VEHICLE_KEY } from "@dealer/shared/buyer-choice-keys";
import { holdEarlyActions } from "@dealer/shared/hold-early-actions";
import { useAtomValue } from "jotai";
import { type ComponentType, createElement, lazy, useLayoutEffect } from "react";
import { OnUse } from "../../components/OnUse";
import { type ApproachOptions, onApproach } from "../../components/on-approach";
import type { AnnouncementBarProps } from "./AnnouncementBar";
import type { DriveAwayPanelProps, TowCheckProps } from "./props";
import type { PhoneRevealProps } from "./PhoneReveal";
import type { ShareBarProps } from "./ShareBar";
import type { StickyBarProps } from "./StickyBar";

/**
 * Parts the first view of a phone does not need running: the server renders them in place, the browser loads
 * their code as they come into view (or are used), and React hydrates their Suspense boundary then. Their
 * server markup stays on screen meanwhile, and a button click that comes first is replayed once they have hydrated.
 */
export type DeferredParts = {
  ShareBar: ComponentType<ShareBarProps>;
  PhoneReveal: ComponentType<PhoneRevealProps>;
  /** Only cars away from the primary location have one, so most pages never load it. */
  AnnouncementBar: ComponentType<AnnouncementBarProps>;
  /** Fixed at the bottom of a phone: it has nothing to do before the first scroll. */
  StickyBar: ComponentType<StickyBarProps>;
  /** The drive-away panel and a van's tow check (issue 34): kept as the server sent them until used (OnUse). */
  DriveAway: ComponentType<DriveAwayPanelProps>;
  TowCheck: ComponentType<TowCheckProps>;
};

/** Wrapper ids the browser watches; each wrapper holds a Suspense boundary around its part. */
export const DEFERRED_IDS = {
  share: "vehicle-share-bar",
  phone: "vehicle-phone-reveal",
  announcement: "vehicle-announcement",
  stickyBar: "vehicle-sticky-bar",
  driveAway: "vehicle-drive-away",
  towCheck: "vehicle-tow-check",
} as const;

/** A place on the device (or saved details with a postcode), or a signed-in shopper's account postcode (ADR 0079). */
const rememberedPlace = (session: Session) =>
  isStoredOnDevice(REGISTRATION_PLACE_KEY) || isStoredOnDevice(CUSTOMER_KEY) || (session.userId !== null && Boolean(session.postcode));
const rememberedTowVehicle = () => isStoredOnDevice(TOW_VEHICLE_KEY);

/** Clicks are held from the moment the code is evaluated, so even a tap before the slot itself hydrates is kept. */
const deferred = <P extends object>(id: string, load: () => Promise<ComponentType<P>>, approach: ApproachOptions = {}) => {
  const el = typeof document === "undefined" ? null : document.getElementById(id);
  const release = el ? holdEarlyActions(el) : () => {};
  return lazy(() =>
    onApproach(id, approach)
      .then(load)
      .then(
        (Part) => ({
          default: (props: P) => {
            useLayoutEffect(() => release(true), []);
            return createElement(Part, props);
          },
        }),
        (error: unknown) => {
          release(false);
          throw error;
        },
      ),
  );
};

/** A part kept as the server sent it until used, or until the page settles when `remembered` says so (OnUse). */
const onUse =
  <P extends object>(id: string, load: () => Promise<ComponentType<P>>, remembered: (session: Session) => boolean) =>
  (props: P) => {
    const session = useAtomValue(sessionAtom);
    return createElement(OnUse<P>, { id, className: BUYER_TOOL_CLASS, props, load, approach: { inView: false, idleIf: () => remembered(session) } });
  };

/** The wrapper of the buyer tools beside the price (issue 34), on the server's render and the browser's alike. */
export const BUYER_TOOL_CLASS = "vehicle-detail__buyer-tool";

export const browserDeferredParts: DeferredParts = {
  ShareBar: deferred(DEFERRED_IDS.share, () => import("./ShareBar").then((module) => module.ShareBar)),
  PhoneReveal: deferred(DEFERRED_IDS.phone, () => import("./PhoneReveal").then((module) => module.PhoneReveal)),
  AnnouncementBar: deferred(DEFERRED_IDS.announcement, () => import("./AnnouncementBar").then((module) => module.AnnouncementBar)),
  StickyBar: deferred(DEFERRED_IDS.stickyBar, () => import("./StickyBar").then((module) => module.StickyBar), { scroll: true }),
  // Beside the price, so in the first view: loaded on use, or once the page settles when the device remembers a choice.
  DriveAway: onUse(DEFERRED_IDS.driveAway, () => import("./DriveAway").then((module) => module.DriveAway), rememberedPlace),
  TowCheck: onUse(DEFERRED_IDS.towCheck, () => import("./TowCheck").then((module) => module.TowCheck), rememberedTowVehicle),
};
