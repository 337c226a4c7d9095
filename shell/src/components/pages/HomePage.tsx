import type { SiteTemplate } from "@dealer/shared/contract";
import { visibleNavLinks } from "../header/nav-links";
import { useShellSite } from "../use-shell-site";

const stockNoun: Record<SiteTemplate, string> = {
  "car-dealer": "car",
  "dealer-group": "car",
  "used-only": "used car",
  motorcycle: "motorcycle",
  truck: "truck",
  caravan: "caravan",
};

/** The tenant's home page: hero with a search call to action, then quick links. */
export function HomePage() {
  const { site, config } = useShellSite();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{site.name}</h1>
        <p>Find your next {stockNoun[site.template]} today.</p>
        <a className="button button--primary" href="/search">
          Search our stock
        </a>
      </section>
      <section className="quick-links" aria-labelledby="quick-links-title">
        <h2 id="quick-links-title">Quick links</h2>
        <ul>
          {visibleNavLinks(config.navigation.links, "/").map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
          {config.features.brandsPage ? (
            <li>
              <a href="/brands">Our brands</a>
            </li>
          ) : null}
        </ul>
      </section>
    </>
  );
}
