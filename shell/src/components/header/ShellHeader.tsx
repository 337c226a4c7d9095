import { useId, useState } from "react";
import { useShellSite } from "../use-shell-site";
import { isCurrentLink, visibleNavLinks } from "./nav-links";

/**
 * Tenant name and navigation. Server-rendered by the gateway into #shell-header and hydrated by
 * the shell client, so the menu toggle works once the page's JavaScript has run.
 */
export function ShellHeader({ path }: { path: string }) {
  const { site, config } = useShellSite();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const links = visibleNavLinks(config.navigation.links, path);
  return (
    <header className="shell-header" data-menu-open={menuOpen ? "true" : "false"}>
      <div className="shell-header__bar">
        <a className="shell-header__brand" href="/">
          {config.theme.logoText ?? site.name}
        </a>
        <button
          type="button"
          className="shell-header__toggle"
          aria-controls={navId}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? "Close menu" : "Menu"}
        </button>
      </div>
      <nav id={navId} className="shell-nav" aria-label="Main">
        <ul className="shell-nav__list">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} aria-current={isCurrentLink(link, path) ? "page" : undefined}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
