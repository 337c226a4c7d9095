import type { BrandTile } from "@dealer/shared/contract";
import { logoOrNotFound } from "@dealer/shared/media";
import { useShellSite } from "../use-shell-site";
import { brandTilePath } from "@dealer/shared/rules";

/** /brands on sites with features.brandsPage: a grid of brand tiles; a tile without a logo shows the image-not-found picture. */
export function BrandsPage({ brands }: { brands: BrandTile[] }) {
  const { site } = useShellSite();
  return (
    <section className="shell-page brands-page" aria-labelledby="brands-title">
      <h1 id="brands-title">Our brands</h1>
      <p>The brands sold across the {site.name} group.</p>
      <ul className="brand-grid">
        {brands.map((brand, index) => (
          <li key={brand.slug} className="brand-tile">
            <a href={brandTilePath(brand)}>
              <img
                src={logoOrNotFound(brand.logo)}
                alt={brand.logo?.trim() ? `${brand.title} logo` : `${brand.title} (no logo)`}
                width={160}
                height={80}
                loading={index < 8 ? "eager" : "lazy"}
              />
              <span className="brand-tile__title">{brand.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
