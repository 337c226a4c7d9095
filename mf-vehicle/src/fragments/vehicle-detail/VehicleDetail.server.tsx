import { serializeJsonForHtml } from "@dealer/shared/fragment";
import { Breadcrumbs } from "./Breadcrumbs";
import { OnUse } from "../../components/OnUse";
import { BUYER_TOOL_CLASS, DEFERRED_IDS } from "./deferred-parts";
import type { DriveAwayPanelProps, TowCheckProps, VehicleDetailProps } from "./props";
import { AnnouncementBar } from "./AnnouncementBar";
import { DriveAway } from "./DriveAway";
import { TowCheck } from "./TowCheck";
import { PhoneReveal } from "./PhoneReveal";
import { ShareBar } from "./ShareBar";
import { StickyBar } from "./StickyBar";
import { SidebarStatic } from "./SidebarStatic";
import { VehicleDetailLayout } from "./VehicleDetail";

const DriveAwayServer = (props: DriveAwayPanelProps) => (
  <OnUse id={DEFERRED_IDS.driveAway} className={BUYER_TOOL_CLASS} props={props}>
    <DriveAway {...props} />
  </OnUse>
);
const TowCheckServer = (props: TowCheckProps) => (
  <OnUse id={DEFERRED_IDS.towCheck} className={BUYER_TOOL_CLASS} props={props}>
    <TowCheck {...props} />
  </OnUse>
);

/** The server's render: the same layout plus the parts that need no JavaScript. */
export default function VehicleDetailServer({ interactive, staticParts }: VehicleDetailProps) {
  const parts = staticParts
    ? {
        breadcrumbs: (
          <>
            <Breadcrumbs crumbs={staticParts.breadcrumbs} />
            {/* Data, not code: a JSON-LD block never runs, so the page's script policy leaves it alone. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for HTML by serializeJsonForHtml */}
            <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonForHtml(staticParts.structuredData) }} />
          </>
        ),
        sidebar: <SidebarStatic {...staticParts} />,
      }
    : undefined;
  return <VehicleDetailLayout interactive={interactive} parts={parts} deferred={{ ShareBar, PhoneReveal, AnnouncementBar, StickyBar, DriveAway: DriveAwayServer, TowCheck: TowCheckServer }} />;
}
