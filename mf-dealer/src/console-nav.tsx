import { type StaffPermission, type StaffRole, staffMay } from "@dealer/shared/rules";
import { STAFF_PATHS } from "@dealer/shared/staff";

const NAV: { href: string; label: string; permission: StaffPermission }[] = [
  { href: STAFF_PATHS.leads, label: "Leads", permission: "leads.read" },
  { href: STAFF_PATHS.insights, label: "Insights", permission: "insights.read" },
  { href: STAFF_PATHS.stock, label: "Stock", permission: "stock.read" },
  { href: STAFF_PATHS.staff, label: "Staff", permission: "staff.invite" },
  { href: STAFF_PATHS.config, label: "Configuration", permission: "config.publish" },
  { href: STAFF_PATHS.audit, label: "Audit log", permission: "audit.read" },
];

/** The console's pages a role may open, the current one marked (aria-current). */
export default function ConsoleNav({ role, current }: { role: StaffRole; current: string }) {
  return (
    <nav aria-label="Dealer pages" className="console-nav">
      <ul>
        {NAV.filter((item) => staffMay(role, item.permission)).map((item) => (
          <li key={item.href}>
            <a href={item.href} aria-current={item.href === current ? "page" : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
