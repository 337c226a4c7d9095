import type { BrandTile } from "@dealer/shared/contract";
import { logoOrNotFound } from "@dealer/shared/media";
import { brandTilePath } from "@dealer/shared/rules";

/**
 * /brands on sites with features.brandsPage, below the manufacturer search: a grid of brand tiles; a tile without a
 * logo shows the image-not-found picture.
 */
export function BrandTiles({ brands }: { brands: BrandTile[] }) {
  return (
    <section className="brands-page" aria-labelledby="brands-tiles-title">
      <h2 id="brands-tiles-title">All brands</h2>
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
