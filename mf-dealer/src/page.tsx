import { FRAGMENT_STYLESHEET } from "@dealer/shared/fragment";
import { buttonClass } from "@dealer/shared/ui";
import { STAFF_PATHS, type Staff } from "@dealer/shared/staff";
import type { ReactElement, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import ConsoleNav from "./console-nav";

/** The dealer pages are private to the signed-in staff member: never cached or framed. */
export const PRIVATE = { "cache-control": "no-store", "x-frame-options": "DENY" };

export const html = (element: ReactElement) => `<!doctype html>${renderToString(element)}`;

/** The console's stylesheet: the design system's tokens, core and components, then the console's own (rspack.config.ts). */
const stylesheet = (buildId: string) => `/_mf/mf-dealer/${encodeURIComponent(buildId)}/${FRAGMENT_STYLESHEET}`;

/** One of the console's page scripts (rspack.config.ts), from the same build as the page. */
export const pageScript = (buildId: string, name: string) => `/_mf/mf-dealer/${encodeURIComponent(buildId)}/${name}.js`;

/**
 * A console page: server-rendered HTML with forms (a page may add a small script that enhances them, ADR 0085), styled by the design system (ADR 0047, 0069),
 * laid out for a phone first (one column; the navigation wraps; tables scroll inside their own box).
 */
export function Page({ title, staff, buildId, path = "", children }: { title: string; staff?: Staff | null; buildId: string; path?: string; children: ReactNode }) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {/* As on the shopper's pages: no favicon yet, and an empty data URL spares a 404 for /favicon.ico. */}
        <link rel="icon" href="data:," />
        <title>{title}</title>
        <link rel="stylesheet" href={stylesheet(buildId)} />
      </head>
      <body className="console">
        {staff && (
          <header className="console-header">
            <ConsoleNav role={staff.role} current={path} />
            <form method="post" action={STAFF_PATHS.signOut} className="console-header__who">
              <span>{`${staff.name ?? staff.email} (${staff.role}, ${staff.dealershipName}) `}</span>
              <button type="submit" className={buttonClass({ variant: "tertiary", size: "sm" })}>
                Sign out
              </button>
            </form>
          </header>
        )}
        <main className="console-main">{children}</main>
      </body>
    </html>
  );
}

/** Every problem of a refused form, by the field's name; each is also beside its field. */
export function ErrorList({ errors, labelOf = (path) => path }: { errors: Record<string, string[]>; labelOf?: (path: string) => string }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div role="alert" id="form-errors" className="console-errors">
      <p>{entries.length === 1 ? "1 problem; nothing was saved:" : `${entries.length} problems; nothing was saved:`}</p>
      <ul>
        {entries.map(([path, messages]) => (
          <li key={path}>{`${labelOf(path)}: ${messages.join(" ")}`}</li>
        ))}
      </ul>
    </div>
  );
}

/** A control's marks when it was refused: invalid, and described by the problem shown beside it (ConsoleField). */
export const invalidProps = (id: string, errors: string[] | undefined) => (errors?.length ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {});

/** A labelled control (the child, carrying `id` and invalidProps) with its problems beside it. */
export function ConsoleField({ id, label, errors, children }: { id: string; label: string; errors?: string[]; children: ReactNode }) {
  return (
    <div className={errors?.length ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {errors?.length ? (
        <span className="field__error" id={`${id}-error`}>
          {errors.join(" ")}
        </span>
      ) : null}
    </div>
  );
}
