import type { SiteConfig } from "@dealer/shared/config";

type NavLink = SiteConfig["navigation"]["links"][number];

/** "/contact/?x=1" -> "/contact": how links and the current page are compared. */
export function normalizePath(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? "/";
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** The spec: the Contact link is hidden while the visitor is on the contact page. */
export function visibleNavLinks(links: NavLink[], path: string): NavLink[] {
  const current = normalizePath(path);
  return links.filter((link) => !(normalizePath(link.href) === "/contact" && current === "/contact"));
}

export function isCurrentLink(link: NavLink, path: string): boolean {
  return normalizePath(link.href) === normalizePath(path);
}
