-- Per-site content (issue 13): content pages, blog posts, reviews and their summary, brand tiles, slides,
-- statistics. `data` is the entity JSON as @dealer/shared/contract defines it for the row's kind.
CREATE TABLE site_content (
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('page', 'blog', 'review', 'review-summary', 'brand', 'slide', 'statistic')),
  slug TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL,
  PRIMARY KEY (site, kind, slug)
);
