import { useShellSite } from "../use-shell-site";
import { footerGroups } from "./footer-groups";

/** Static footer (not hydrated): link groups from the site's configuration. */
export function ShellFooter() {
  const { site, config } = useShellSite();
  return (
    <footer className="shell-footer">
      <div className="shell-footer__groups">
        {footerGroups(site, config).map((group) => (
          <nav key={group.heading} className="shell-footer__group" aria-label={group.heading}>
            <h2>{group.heading}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="shell-footer__legal">
        © {site.name}. Prices and availability are subject to change.
      </p>
    </footer>
  );
}
