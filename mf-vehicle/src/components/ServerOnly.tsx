import type { ReactNode } from "react";

/**
 * A section that needs no JavaScript. The server renders its children; the browser build renders the same
 * element without children, and React keeps the server's markup inside it (hydration never descends into
 * dangerouslySetInnerHTML), so the section's code and data never ship to the browser.
 */
export function ServerOnly({ className, id, children }: { className: string; id?: string; children?: ReactNode }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so React keeps the server markup as sent
  if (children === undefined) return <div className={className} id={id} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  return (
    <div className={className} id={id}>
      {children}
    </div>
  );
}
