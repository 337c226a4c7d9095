import type { SiteConfig } from "@dealer/shared/config";
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from "react";
import { useShellSite } from "../use-shell-site";
import { AccountLink } from "./AccountLink";
import { ShellToast } from "./ShellToast";
import { isCurrentLink, visibleNavLinks } from "./nav-links";
import { SavedCarsLinks } from "./SavedCarsLinks";

type NavItem = SiteConfig["navigation"]["links"][number];

/**
 * A dropdown of the header menu: opens and closes on click or tap (and opens on mouse hover where the site sets
 * openOnHover); Escape closes it and returns focus to its button. Before the page's script has run, focusing the
 * button shows the submenu (CSS :focus-within in base.css), so every entry is reachable without it.
 */
function Dropdown({ item, path, openOnHover, open, onOpen }: { item: NavItem; path: string; openOnHover: boolean; open: boolean; onOpen: (open: boolean) => void }) {
  const id = useId();
  const children = item.children ?? [];
  // The click that ends a hover (the pointer came to the button, then pressed it) keeps the menu the hover opened;
  // every other click or tap toggles it, so a second click closes.
  const openedByHover = useRef(false);
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== "Escape" || !open) return;
    onOpen(false);
    (event.currentTarget.querySelector("button") as HTMLButtonElement | null)?.focus();
  };
  // Only a mouse hovers: a tap's pointer events must not open the menu that the tap's click then toggles shut.
  const hover = (opening: boolean) => (event: PointerEvent<HTMLLIElement>) => {
    if (!openOnHover || event.pointerType !== "mouse") return;
    openedByHover.current = opening && !open;
    if (opening !== open) onOpen(opening);
  };
  // The hover's render may not have landed when its click arrives, so the click keeps the menu open outright.
  const onClick = () => {
    const keep = openedByHover.current;
    openedByHover.current = false;
    onOpen(keep || !open);
  };
  return (
    <li className="shell-nav__dropdown" data-open={open ? "true" : "false"} onKeyDown={onKeyDown} onPointerEnter={hover(true)} onPointerLeave={hover(false)}>
      <button type="button" className="shell-nav__dropdown-toggle" aria-expanded={open} aria-controls={id} onClick={onClick}>
        {item.label}
      </button>
      <ul id={id} className="shell-nav__submenu" hidden={!open}>
        {children.map((child) => (
          <li key={child.href}>
            <a href={child.href} aria-current={isCurrentLink(child, path) ? "page" : undefined}>
              {child.label}
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The phone menu: the site's numbers as tel: links behind one Call button. */
function PhoneMenu({ phones, open, onOpen }: { phones: SiteConfig["navigation"]["phones"]; open: boolean; onOpen: (open: boolean) => void }) {
  const id = useId();
  if (!phones.length) return null;
  return (
    <div className="shell-phones" data-open={open ? "true" : "false"}>
      <button type="button" className="shell-header__toggle" aria-expanded={open} aria-controls={id} onClick={() => onOpen(!open)}>
        Call us
      </button>
      <ul id={id} className="shell-phones__list" hidden={!open}>
        {phones.map((phone) => (
          <li key={phone.number}>
            <a href={`tel:${phone.number.replace(/[^\d+]/g, "")}`}>
              {phone.label}: {phone.number}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Tenant name and navigation from the site's config. Server-rendered by the gateway into #shell-header and
 * hydrated by the shell client, so the menu toggle and dropdowns work once the page's JavaScript has run.
 */
export function ShellHeader({ path }: { path: string }) {
  const { site, config } = useShellSite();
  const [menuOpen, setMenuOpen] = useState(false);
  // One open menu at a time: a dropdown's label, "phones", or null.
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const navId = useId();
  const links = visibleNavLinks(config.navigation.links, path);
  const toggle = (name: string) => (open: boolean) => setOpenMenu(open ? name : (current) => (current === name ? null : current));
  return (
    <header className="shell-header" data-menu-open={menuOpen ? "true" : "false"}>
      <div className="shell-header__bar">
        <a className="shell-header__brand" href="/">
          {/* The logo's alt text is the dealer's name: it shows in the logo's place if the image fails. */}
          {config.theme.logoUrl ? <img className="shell-header__logo" src={config.theme.logoUrl} alt={config.theme.logoText ?? site.name} height={40} /> : (config.theme.logoText ?? site.name)}
        </a>
        <div className="shell-header__actions">
          <SavedCarsLinks />
          <AccountLink path={path} />
          <PhoneMenu phones={config.navigation.phones} open={openMenu === "phones"} onOpen={toggle("phones")} />
          <button
            type="button"
            className="shell-header__toggle shell-header__menu-toggle"
            aria-controls={navId}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? "Close menu" : "Menu"}
          </button>
        </div>
      </div>
      <nav id={navId} className="shell-nav" aria-label="Main">
        <ul className="shell-nav__list">
          {links.map((link) =>
            link.children?.length ? (
              <Dropdown
                key={link.label}
                item={link}
                path={path}
                openOnHover={config.navigation.openOnHover}
                open={openMenu === link.label}
                onOpen={toggle(link.label)}
              />
            ) : (
              <li key={link.href}>
                <a href={link.href} aria-current={isCurrentLink(link, path) ? "page" : undefined}>
                  {link.label}
                </a>
              </li>
            ),
          )}
        </ul>
      </nav>
      <ShellToast />
    </header>
  );
}
