import type { SiteTemplate, Slide, Statistic } from "@dealer/shared/contract";
import { bannerUrl } from "@dealer/shared/media";
import { pathSegment } from "@dealer/shared/rules";
import { useShellSite } from "../use-shell-site";

const stockNoun: Record<SiteTemplate, string> = {
  "car-dealer": "car",
  "dealer-group": "car",
  "used-only": "used car",
  motorcycle: "motorcycle",
  truck: "truck",
  caravan: "caravan",
};

/** The home page's hero: the site's name, its line, and a search box that submits to /search. */
export function Hero() {
  const { site, config } = useShellSite();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title">{site.name}</h1>
      <p>{config.home.heroText ?? `Find your next ${stockNoun[site.template]} today.`}</p>
      <form className="hero__search" action="/search" method="get">
        <label htmlFor="hero-query">Search our stock</label>
        <div className="hero__search-row">
          <input id="hero-query" name="query" type="search" placeholder="Make, model or keyword" />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
      </form>
    </section>
  );
}

/** Body-type tiles for the bodies the site has most of in stock (the gateway reads them); each goes to its landing path. */
export function BodyTypeTiles({ bodies }: { bodies: string[] }) {
  const { config } = useShellSite();
  if (!bodies.length) return null;
  return (
    <section className="home-section body-types" aria-labelledby="body-types-title">
      <h2 id="body-types-title">Browse by body type</h2>
      <ul className="body-types__list">
        {bodies.map((body) => (
          <li key={body}>
            <a className="body-types__tile" href={`${config.search.landingBase}/${pathSegment(body)}`}>
              {body}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The dealer group's statistics banner. */
export function StatisticsBanner({ statistics }: { statistics: Statistic[] }) {
  if (!statistics.length) return null;
  return (
    <section className="statistics-banner" aria-label="Our group in numbers">
      <ul>
        {statistics.map((stat) => (
          <li key={stat.label}>
            <span className="statistics-banner__value">{stat.value}</span>
            <span className="statistics-banner__label">{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Slide widths offered to the browser: a phone needs far fewer pixels than a 1920 wide screen. */
const SLIDE_WIDTHS = [720, 1280, 1920] as const;

/**
 * Promotions slider (1920x540 slides, or 720 or 1080 high in the other variants: home.promotionsHeight): a scroll-snapping strip with a link per slide. It needs no JavaScript:
 * the strip scrolls by touch, trackpad or keyboard (it is focusable), and each slide is a link.
 */
export function PromotionsSlider({ slides }: { slides: Slide[] }) {
  const { config } = useShellSite();
  const height = config.home.promotionsHeight;
  if (!slides.length) return null;
  return (
    <section className={`promotions promotions--h${height}`} aria-labelledby="promotions-title">
      <h2 id="promotions-title" className="visually-hidden">
        Promotions
      </h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <ul className="promotions__track" tabIndex={0} aria-label="Promotions, scroll for more">
        {slides.map((slide) => (
          <li key={slide.id} className={`promotions__slide${slide.hide_overlay ? "" : " promotions__slide--overlay"}`}>
            <a href={slide.url ?? "/"}>
              <img
                src={bannerUrl(pathSegment(slide.name), 1920, height)}
                srcSet={SLIDE_WIDTHS.map((width) => `${bannerUrl(pathSegment(slide.name), width, height)} ${width}w`).join(", ")}
                sizes="100vw"
                alt=""
                width={1920}
                height={height}
                loading="lazy"
                decoding="async"
              />
              <span className="promotions__text">
                <strong>{slide.name}</strong>
                {slide.description ? <span>{slide.description}</span> : null}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
