import { Breadcrumbs } from "./Breadcrumbs";
import type { VehicleDetailProps } from "./props";
import { SidebarStatic } from "./SidebarStatic";
import { VehicleDetailLayout } from "./VehicleDetail";

/** The server's render: the same layout plus the parts that need no JavaScript. */
export default function VehicleDetailServer({ interactive, staticParts }: VehicleDetailProps) {
  const parts = staticParts
    ? { breadcrumbs: <Breadcrumbs crumbs={staticParts.breadcrumbs} />, sidebar: <SidebarStatic {...staticParts} /> }
    : undefined;
  return <VehicleDetailLayout interactive={interactive} parts={parts} />;
}
