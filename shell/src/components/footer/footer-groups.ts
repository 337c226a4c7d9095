import type { SiteIdentity } from "@dealer/shared/atoms";
import type { PageConfig } from "@dealer/shared/config";

export type FooterLink = { label: string; href: string };
export type FooterGroup = { heading: string; links: FooterLink[] };

/**
 * The site's footer groups from its config, else the platform's: Vehicles, Buyer Tools, Servicing and Parts,
 * and the dealership.
 */
export function footerGroups(site: SiteIdentity, config: PageConfig): FooterGroup[] {
  return config.navigation.footerGroups ?? defaultFooterGroups(site, config);
}

function defaultFooterGroups(site: SiteIdentity, config: PageConfig): FooterGroup[] {
  const stock: FooterLink[] = config.search.usedOnly
    ? [{ label: "Used stock", href: "/search/used-cars" }]
    : [
        { label: "All stock", href: "/search/new-used-and-demo-cars" },
        { label: "New", href: "/search/new-cars" },
        { label: "Used", href: "/search/used-cars" },
        { label: "Demo", href: "/search/demo-cars" },
      ];
  const brands: FooterLink[] = config.features.brandsPage ? [{ label: "Our brands", href: "/brands" }] : [];
  return [
    { heading: "Vehicles", links: [...stock, ...brands] },
    {
      heading: "Buyer Tools",
      links: [
        { label: "Finance", href: config.finance.financePath },
        { label: "Trade In", href: "/trade-in" },
        { label: "Book a Test Drive", href: "/book-test-drive" },
      ],
    },
    {
      heading: "Servicing and Parts",
      links: [
        { label: "Book a Service", href: "/service" },
        { label: "Parts and Accessories", href: "/vehicle-parts-and-accessories" },
      ],
    },
    {
      heading: site.name,
      links: [
        { label: "About Us", href: "/about-us" },
        { label: "Our Locations", href: "/dealer-locator" },
        { label: "Contact Us", href: "/contact" },
        { label: "Blog", href: "/blog" },
        { label: "Privacy Policy", href: "/privacy-policy" },
        { label: "Terms and Conditions", href: "/terms-and-conditions" },
      ],
    },
  ];
}
