import type { SiteConfig } from "@dealer/shared/config";

type NavItem = SiteConfig["navigation"]["links"][number];
type NavLink = Pick<NavItem, "label" | "href">;

/** "/contact/?x=1" -> "/contact": how links and the current page are compared. */
export function normalizePath(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? "/";
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

const CONTACT_PAGES = new Set(["/contact", "/contact-us"]);

/**
 * The spec: the Contact link is hidden while the visitor is on the contact page (in dropdowns too). /contact and
 * /contact-us are both the contact page, so on either one a link to either is hidden.
 */
export function visibleNavLinks<T extends NavLink & { children?: NavLink[] }>(links: T[], path: string): T[] {
  const onContactPage = CONTACT_PAGES.has(normalizePath(path));
  const hidden = (link: NavLink) => onContactPage && CONTACT_PAGES.has(normalizePath(link.href));
  return links
    .filter((link) => !hidden(link))
    .map((link) => (link.children ? { ...link, children: link.children.filter((child) => !hidden(child)) } : link));
}

export function isCurrentLink(link: NavLink, path: string): boolean {
  return normalizePath(link.href) === normalizePath(path);
}
