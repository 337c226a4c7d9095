import { type ReactNode, useRef } from "react";
import { ServerOnly } from "../../components/ServerOnly";
import { AnnouncementBar } from "./AnnouncementBar";
import { PhoneReveal } from "./PhoneReveal";
import { Price } from "./Price";
import type { VehicleDetailProps } from "./props";
import { ShareBar } from "./ShareBar";
import { LazyStickyHeader, StickyBar } from "./StickyBars";
import { useVehicleAnalytics } from "./useVehicleAnalytics";
import { Viewer } from "./viewer/Viewer";

export type { VehicleDetailProps } from "./props";

/** Server-rendered parts; absent in the browser build, which keeps their markup as the server sent it. */
export type VehicleDetailServerParts = { breadcrumbs: ReactNode; sidebar: ReactNode };

export function VehicleDetailLayout({ interactive, parts }: Pick<VehicleDetailProps, "interactive"> & { parts?: VehicleDetailServerParts }) {
  const { car, media, phone, announcement, sticky } = interactive;
  const titleId = `vehicle-${car.id}-title`;
  const root = useRef<HTMLElement>(null);
  useVehicleAnalytics(root, interactive);
  return (
    <article ref={root} className="vehicle-detail" aria-labelledby={titleId}>
      {announcement && <AnnouncementBar {...announcement} />}
      <ServerOnly className="vehicle-detail__breadcrumbs">{parts?.breadcrumbs}</ServerOnly>
      <Viewer media={media} title={car.title} />
      <div className="vehicle-detail__summary">
        <h1 id={titleId} className="vehicle-detail__title">
          {car.title}
        </h1>
        {interactive.soldMessage ? (
          <p className="vehicle-detail__sold" role="status">
            {interactive.soldMessage}
          </p>
        ) : (
          <Price price={interactive.price} />
        )}
        <ServerOnly className="vehicle-detail__sidebar">{parts?.sidebar}</ServerOnly>
        {phone && <PhoneReveal phone={phone} carId={car.id} websiteId={interactive.websiteId} />}
        <ShareBar title={car.title} path={car.path} hideTwitter={interactive.share.hideTwitter} />
      </div>
      <LazyStickyHeader title={car.title} sticky={sticky} />
      <StickyBar sticky={sticky} phone={phone?.number ?? null} />
    </article>
  );
}

/** The browser's build: the interactive parts hydrate, the server-only parts keep their server markup. */
export default function VehicleDetail({ interactive }: VehicleDetailProps) {
  return <VehicleDetailLayout interactive={interactive} />;
}
