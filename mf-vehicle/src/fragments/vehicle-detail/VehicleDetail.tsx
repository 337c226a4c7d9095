import { WatchlistButton } from "@dealer/shared/watchlist-button";
import { type ReactNode, Suspense, useRef } from "react";
import { ServerOnly } from "../../components/ServerOnly";
import { browserDeferredParts, DEFERRED_IDS, type DeferredParts } from "./deferred-parts";
import { Price } from "./Price";
import type { VehicleDetailProps } from "./props";
import { LazyStickyHeader } from "./StickyBars";
import { useVehicleAnalytics } from "./useVehicleAnalytics";
import { VehicleSavedToggles } from "./VehicleSavedToggles";
import { ViewCounter } from "./ViewCounter";
import { Viewer } from "./viewer/Viewer";

export type { VehicleDetailProps } from "./props";

/** Server-rendered parts; absent in the browser build, which keeps their markup as the server sent it. */
export type VehicleDetailServerParts = { breadcrumbs: ReactNode; sidebar: ReactNode };

export function VehicleDetailLayout({
  interactive,
  parts,
  deferred,
}: Pick<VehicleDetailProps, "interactive"> & { parts?: VehicleDetailServerParts; deferred: DeferredParts }) {
  const { car, media, phone, announcement, sticky } = interactive;
  const titleId = `vehicle-${car.id}-title`;
  const root = useRef<HTMLElement>(null);
  useVehicleAnalytics(root, interactive);
  return (
    <article ref={root} className="vehicle-detail" aria-labelledby={titleId}>
      {announcement && (
        <div id={DEFERRED_IDS.announcement}>
          <Suspense fallback={null}>
            <deferred.AnnouncementBar {...announcement} />
          </Suspense>
        </div>
      )}
      <ServerOnly className="vehicle-detail__breadcrumbs">{parts?.breadcrumbs}</ServerOnly>
      <Viewer media={media} title={car.title} />
      <div className="vehicle-detail__summary">
        {interactive.tagBanner && <p className="vehicle-detail__tag-banner">{interactive.tagBanner}</p>}
        <h1 id={titleId} className="vehicle-detail__title">
          {car.title}
        </h1>
        {interactive.soldMessage ? (
          <p className="vehicle-detail__sold" role="status">
            {interactive.soldMessage}
          </p>
        ) : (
          <Price price={interactive.price} priceLabels={interactive.priceLabels} repayment={interactive.repayment} />
        )}
        {interactive.driveAway && <deferred.DriveAway {...interactive.driveAway} />}
        {interactive.towing && <deferred.TowCheck {...interactive.towing} />}
        <VehicleSavedToggles car={car} saved={interactive.saved} />
        <ViewCounter views={interactive.views} />
        <ServerOnly className="vehicle-detail__sidebar">{parts?.sidebar}</ServerOnly>
        {/* Rendered in place by the server; the browser hydrates each on approach (deferred-parts.ts). */}
        {phone && (
          <div id={DEFERRED_IDS.phone}>
            <Suspense fallback={null}>
              <deferred.PhoneReveal phone={phone} carId={car.id} websiteId={interactive.websiteId} />
            </Suspense>
          </div>
        )}
        <WatchlistButton carId={car.id} carName={car.title} inStock={interactive.soldMessage === null} className="button vehicle-detail__watchlist" />
        <div id={DEFERRED_IDS.share}>
          <Suspense fallback={null}>
            <deferred.ShareBar title={car.title} path={car.path} hideTwitter={interactive.share.hideTwitter} />
          </Suspense>
        </div>
      </div>
      <LazyStickyHeader car={car} saved={interactive.saved} sticky={sticky} repayment={interactive.repayment} />
      <div id={DEFERRED_IDS.stickyBar}>
        <Suspense fallback={null}>
          <deferred.StickyBar sticky={sticky} phone={phone?.number ?? null} />
        </Suspense>
      </div>
    </article>
  );
}

/** The browser's build: the interactive parts hydrate, the server-only parts keep their server markup. */
export default function VehicleDetail({ interactive }: VehicleDetailProps) {
  return <VehicleDetailLayout interactive={interactive} deferred={browserDeferredParts} />;
}
