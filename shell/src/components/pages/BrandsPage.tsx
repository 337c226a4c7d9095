import type { BrandTile } from "@dealer/shared/contract";
import { useShellSite } from "../use-shell-site";
import { brandHref } from "./brand-href";

/** /brands on sites with features.brandsPage: a grid of brand tiles. */
export function BrandsPage({ brands }: { brands: BrandTile[] }) {
  const { site } = useShellSite();
  return (
    <section className="shell-page brands-page" aria-labelledby="brands-title">
      <h1 id="brands-title">Our brands</h1>
      <p>The brands sold across the {site.name} group.</p>
      <ul className="brand-grid">
        {brands.map((brand) => (
          <li key={brand.slug} className="brand-tile">
            <a href={brandHref(brand)}>
              {brand.logo ? <img src={brand.logo} alt="" width={160} height={80} loading="lazy" /> : null}
              <span className="brand-tile__title">{brand.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
