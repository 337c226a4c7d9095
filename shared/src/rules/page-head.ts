import type { SiteTemplate } from "../contract/site";
import type { SiteConfig } from "../config/site-config";
import { canonicalStockPath } from "./search-paths";

/**
 * Title and meta description of every page, from the site's template (the spec shows none; ADR 0011).
 * A page names what it is about; the template says what the dealer sells.
 */
const stockByTemplate: Record<SiteTemplate, string> = {
  "car-dealer": "new, used and demo cars",
  "dealer-group": "new, used and demo cars across our dealerships",
  "used-only": "quality used cars",
  motorcycle: "new and used motorcycles",
  truck: "new and used trucks",
  caravan: "new and used caravans",
};

/** Search engines show about this many characters of a description. */
export const META_DESCRIPTION_MAX = 160;

export type PageHeadInput = {
  siteName: string;
  template: SiteTemplate;
  /** The route's own title ("Search stock", "Finance"), or the vehicle's title on its page. */
  pageTitle: string;
  /** Route name from the gateway's plan: "home", "search", "vehicle", ... */
  pageName: string;
  /** Where the page's subject is, when it has one (a vehicle's location city). */
  place?: string;
  /** The page's own description (a content page's, a route plan's), used where the template has none. */
  description?: string;
  /** A page worth sharing (a vehicle): its absolute address, first image and price, for the link previews. */
  social?: PageSocial;
  /** Pages that copy another page's content (the printable vehicle page) stay out of search results. */
  noindex?: boolean;
};

export type PageSocial = { url: string; image: string | null; price: number | null };

/** Open Graph and Twitter card tags, as [attribute, key, content]: og:* and product:* take `property`, twitter:* `name`. */
export type MetaTag = ["property" | "name", string, string];

export type PageHead = { title: string; description: string; meta?: MetaTag[]; noindex?: boolean };

/** Link previews of a shared page: Open Graph (with the product price) and the large-image Twitter card. */
export function socialTags(head: Pick<PageHead, "title" | "description">, social: PageSocial, siteName: string): MetaTag[] {
  const tags: MetaTag[] = [
    ["property", "og:type", social.price === null ? "website" : "product"],
    ["property", "og:site_name", siteName],
    ["property", "og:title", head.title],
    ["property", "og:description", head.description],
    ["property", "og:url", social.url],
    ["property", "og:locale", "en_AU"],
    ["name", "twitter:card", social.image ? "summary_large_image" : "summary"],
    ["name", "twitter:title", head.title],
    ["name", "twitter:description", head.description],
  ];
  if (social.image) tags.push(["property", "og:image", social.image], ["property", "og:image:alt", head.title], ["name", "twitter:image", social.image]);
  if (social.price !== null) tags.push(["property", "product:price:amount", social.price.toFixed(2)], ["property", "product:price:currency", "AUD"]);
  return tags;
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[\s,.;:]+$/, "")}…`;
}

export function pageHead({ siteName, template, pageTitle, pageName, place, description: own, social, noindex }: PageHeadInput): PageHead {
  const stock = stockByTemplate[template];
  const at = place ? `${siteName}, ${place}` : siteName;
  const descriptions: Record<string, string> = {
    home: `${siteName}: ${stock} for sale. Search our stock, arrange finance, value your trade-in and book a test drive.`,
    search: `Search ${stock} for sale at ${siteName}. Filter by make, model, price, kilometres and body type.`,
    vehicle: `${pageTitle} for sale at ${at}. See photos, features, price and finance, and enquire or book a test drive.`,
  };
  const description = descriptions[pageName] ?? own ?? `${pageTitle} at ${siteName}: ${stock} for sale, finance, trade-ins and servicing.`;
  const head: PageHead = {
    title: pageName === "home" ? siteName : `${pageTitle} | ${siteName}`,
    description: clip(description, META_DESCRIPTION_MAX),
  };
  if (social) head.meta = socialTags(head, social, siteName);
  return noindex ? { ...head, noindex } : head;
}

/** Pages whose `page` parameter names different content (a later page of results), kept in their canonical URL. */
const PAGED = new Set(["search", "offers"]);

/**
 * The page's canonical URL (ADR 0013): the host it was served on, its path without a trailing slash, and no
 * query but a results page beyond the first, so filter, sort and tracking parameters don't split a page in two.
 * A search page under /search on a site whose stock lives under another base names that base (ADR 0062).
 */
export function canonicalUrl(url: URL, pageName: string, search: Pick<SiteConfig["search"], "landingBase"> = { landingBase: "/search" }): string {
  const trimmed = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : "/";
  const path = pageName === "search" ? canonicalStockPath(trimmed, search) : trimmed;
  const page = Number(url.searchParams.get("page"));
  const query = PAGED.has(pageName) && Number.isSafeInteger(page) && page > 1 ? `?page=${page}` : "";
  return `${url.origin}${path}${query}`;
}

/** schema.org WebSite of the home page, with the site search a search engine may offer in its results. */
export function websiteStructuredData(siteName: string, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: siteName,
    url: `${origin}/`,
    potentialAction: {
      "@type": "SearchAction",
      target: `${origin}/search?query={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  };
}

/** schema.org PostalAddress of an Australian street address (a location's, a listing's dealership's). */
export function postalAddressStructuredData(address: { street: string; city: string; state: string; postcode: string }) {
  return {
    "@type": "PostalAddress",
    streetAddress: address.street,
    addressLocality: address.city,
    addressRegion: address.state,
    postalCode: address.postcode,
    addressCountry: "AU",
  };
}
