import type { BrandTile } from "@dealer/shared/contract";
import { bannerUrl } from "@dealer/shared/media";

/** The heading of a lead or listing page above its slots: no landmark of its own, so it never repeats a form's. */
export function PageIntro({ title, description }: { title: string; description: string }) {
  return (
    <div className="page-intro">
      <h1>{title}</h1>
      {description ? <p>{description}</p> : null}
    </div>
  );
}

/** /{brand}/overview: the brand's banner (the page's largest picture, so loaded first) and description. */
export function BrandBanner({ brand }: { brand: BrandTile }) {
  return (
    <section className="brand-banner" aria-labelledby="brand-banner-title">
      <img
        className="brand-banner__image"
        src={brand.banner ?? bannerUrl(brand.slug)}
        alt=""
        width={1920}
        height={540}
        fetchPriority="high"
      />
      <h1 id="brand-banner-title">{brand.title}</h1>
      {brand.description ? <p>{brand.description}</p> : null}
      <p>
        <a href="/brands">All brands</a>
      </p>
    </section>
  );
}
