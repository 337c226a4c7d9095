import type { ReactElement, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { type StaffPermission, staffMay } from "@dealer/shared/rules";
import type { Staff } from "./sessions";

export const STAFF_PATHS = { signIn: "/dealer/sign-in", verify: "/dealer/sign-in/verify", signOut: "/dealer/sign-out", leads: "/dealer/leads", staff: "/dealer/staff", config: "/dealer/config", audit: "/dealer/audit" } as const;

/** The dealer pages are private to the signed-in staff member: never cached or framed. */
export const PRIVATE = { "cache-control": "no-store", "x-frame-options": "DENY" };

export const html = (element: ReactElement) => `<!doctype html>${renderToString(element)}`;

const NAV: { href: string; label: string; permission: StaffPermission }[] = [
  { href: STAFF_PATHS.leads, label: "Leads", permission: "leads.read" },
  { href: STAFF_PATHS.staff, label: "Staff", permission: "staff.invite" },
  { href: STAFF_PATHS.config, label: "Configuration", permission: "config.publish" },
  { href: STAFF_PATHS.audit, label: "Audit log", permission: "audit.read" },
];

/** A dealer page: plain server-rendered HTML with forms, no script (nothing of the shopper's bundles). */
export function Page({ title, staff, children }: { title: string; staff?: Staff | null; children: ReactNode }) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
      </head>
      <body>
        {staff && (
          <header>
            <nav aria-label="Dealer pages">
              {NAV.filter((item) => staffMay(staff.role, item.permission)).map((item) => (
                <a key={item.href} href={item.href}>
                  {item.label}
                </a>
              )).flatMap((link, index) => (index === 0 ? [link] : [" · ", link]))}
            </nav>
            <form method="post" action={STAFF_PATHS.signOut}>
              {`${staff.name ?? staff.email} (${staff.role}, ${staff.dealershipName}) `}
              <button type="submit">Sign out</button>
            </form>
          </header>
        )}
        <main>{children}</main>
      </body>
    </html>
  );
}

export function ErrorList({ errors }: { errors: Record<string, string[]> }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div role="alert" id="form-errors">
      <p>{entries.length === 1 ? "1 problem; nothing was saved:" : `${entries.length} problems; nothing was saved:`}</p>
      <ul>
        {entries.map(([path, messages]) => (
          <li key={path}>{`${path}: ${messages.join(" ")}`}</li>
        ))}
      </ul>
    </div>
  );
}
