import { type BlogPost, type BrandTile, type ContentPage, contentPage, type Review, type ReviewSummary, type Slide, type Statistic } from "@dealer/shared/contract";
import { bannerUrl, brandLogoUrl } from "@dealer/shared/media";
import { addDays } from "./dates";
import { demoLocationId } from "./locations";
import type { DemoSiteDef } from "./sites";
import { slugify } from "@dealer/shared/rules";

/** One row of the site_content table (see db/migrations/0002_site_content.sql). */
export type SiteContentRow = {
  site: string;
  kind: "page" | "blog" | "review" | "review-summary" | "brand" | "slide" | "statistic";
  slug: string;
  position: number;
  data: ContentPage | BlogPost | Review | ReviewSummary | BrandTile | Slide | Statistic;
};

const page = contentPage;

/** Pages only some dealers have; every site also gets the platform's default pages (edge/src/content). */
function sitePages(site: DemoSiteDef): ContentPage[] {
  const about = page(
    "/about-us",
    `About ${site.name}`,
    `Who we are: ${site.name}, family owned and serving local drivers.`,
    `## Welcome to ${site.name}\n\n${site.name} has helped local drivers find the right vehicle for more than 20 years.\n\n- Friendly, no-pressure sales team\n- Factory-trained technicians\n- Finance and insurance under one roof\n\n[Browse our stock](/search) or [contact us](/contact).`,
  );
  if (site.slug !== "summit-auto-group") return [about];
  const tile = (path: string, title: string, text: string) =>
    page(path, title, `${title} at ${site.name}.`, `## ${title}\n\n${text}\n\n[Contact our team](/contact) to find out more.`);
  return [
    about,
    page("/diamond-advantage", "Diamond Advantage", "Summit's Diamond Advantage ownership benefits.", "## Diamond Advantage\n\nEvery new vehicle from a Summit dealership comes with:\n\n1. 5 years of capped-price servicing\n2. 12 months of roadside assist\n3. A free loan car on service days\n\n**Ask us** about the full terms."),
    page("/eofy", "EOFY Sale", "End of financial year offers across the Summit group.", "## End of financial year sale\n\nDrive away deals on selected new and demo stock until 30 June.\n\n[See the offers](/special-offers)"),
    page("/pages/eofy-summit-toyota", "EOFY at Summit Toyota", "EOFY offers at Summit Toyota Brisbane and Capalaba.", "## EOFY at Summit Toyota\n\nSelected RAV4 and HiLux models with bonus accessories."),
    page("/pages/experience-gt", "Experience GT", "Book a GT experience day with Summit.", "## Experience GT\n\nA track day with our GT range. Places are limited."),
    page("/ultratek", "Ultratek Protection", "Ultratek paint and interior protection.", "## Ultratek\n\nPaint, glass and interior protection applied by our detailing team."),
    page("/autopact-handback-guarantee", "Autopact Handback Guarantee", "The Autopact handback guarantee.", "## Handback guarantee\n\nHand your car back within 14 days if it is not right for you."),
    page("/autopact-protection-plan", "Autopact Protection Plan", "The Autopact protection plan.", "## Protection plan\n\nMechanical protection for up to 5 years."),
    tile("/twg-cars", "TWG Cars", "The group's used car supermarket: hundreds of cars, one price, no haggling."),
    tile("/twg-rental", "TWG Rental", "Short and long term car and ute rental from every Summit location."),
    tile("/twg-tyres", "TWG Tyres", "Tyres, wheels and alignments for every make."),
    tile("/finance-and-insurance", "Finance and Insurance", "Car loans, novated leases and insurance arranged in the showroom."),
    tile("/neotek", "Neotek", "Ceramic coatings and paint protection film."),
    tile("/4x4-outdoor", "4x4 Outdoor", "Bull bars, canopies, suspension and touring gear fitted in-house."),
  ];
}

const BLOG_TOPICS = [
  { heading: "Five things to check before buying a used car", category: "news", text: "A used car can be a great buy when you know what to look for. Start with the service history, then the tyres, then the paperwork." },
  { heading: "Long-term review: living with a hybrid SUV", category: "vehicle-reviews", text: "Twelve months and 18,000 km later, here is what we learned about fuel use, comfort and running costs of a hybrid family SUV." },
  { heading: "How novated leasing works", category: "news", text: "Salary packaging a car can save you tax and simplify running costs. Here is how a novated lease works, step by step." },
  { heading: "Dual-cab ute comparison: which one tows best?", category: "vehicle-reviews", text: "We hitched the same 2.8 tonne caravan to four popular utes and drove the same loop. The results surprised us." },
];

function blogPosts(site: DemoSiteDef, today: string): BlogPost[] {
  return BLOG_TOPICS.map((topic, index) => {
    const slug = slugify(topic.heading);
    return {
      slug,
      href: `/blog/${slug}`,
      heading: topic.heading,
      image: bannerUrl(slug, 640),
      description: topic.text,
      date: addDays(today, -7 * (index + 1)),
      category: topic.category,
      body: `${topic.text}\n\n## The short version\n\nTalk to the team at ${site.name} and we will walk you through it.`,
    };
  });
}

const REVIEWERS = ["Olivia Brown", "Liam Nguyen", "Charlotte Smith", "Jack Wilson", "Amelia Taylor", "Noah Williams", "Isla Martin", "Leo Anderson", "Mia Thompson", "Oliver White"];
const REVIEW_TEXTS = [
  "Smooth from test drive to pick-up. The sales team answered every question and never pushed.",
  "Great service department: my car was ready on time and they explained everything they did.",
  "Fair trade-in price and a quick finance approval. Would buy here again.",
  "Friendly staff and a clean showroom. The handover took longer than expected.",
  "Found exactly the ute I wanted and they had it detailed by the next morning.",
];

/**
 * Reviews with a few below 4 and the two hidden names, so the page shows the rules at work, then as many more
 * as the site's summary counts (885 on the group's site), spread over its locations: every one must be reachable.
 */
function reviews(site: DemoSiteDef, today: string, hiddenNames: readonly string[]): Review[] {
  const locationIds = site.dealerships.flatMap((dealership) => dealership.locations.map((_, index) => demoLocationId(dealership, index)));
  const locationOf = (index: number) => locationIds[index % locationIds.length] ?? null;
  const list: Review[] = REVIEWERS.map((name, index) => ({
    id: `${site.slug}-review-${index + 1}`,
    customer_name: name,
    text: REVIEW_TEXTS[index % REVIEW_TEXTS.length] ?? null,
    rating: [5, 5, 4, 3, 5, 4, 2, 5, 4, 5][index] ?? 5,
    review_date: addDays(today, -(index * 9 + 2)),
    review_date_in_words: `${index + 1} week${index ? "s" : ""} ago`,
    reply_text: index % 3 === 0 ? `Thanks ${name.split(" ")[0]}, we appreciate you choosing ${site.name}.` : null,
    reply_date: index % 3 === 0 ? addDays(today, -(index * 9 + 1)) : null,
    image: null,
    location_id: locationOf(index),
  }));
  // A review without text must still render (bad-input rule).
  list.push({ id: `${site.slug}-review-no-text`, customer_name: "Harper King", text: null, rating: 5, review_date: addDays(today, -95), review_date_in_words: "3 months ago" });
  for (const [index, name] of hiddenNames.entries()) {
    list.push({ id: `${site.slug}-hidden-${index + 1}`, customer_name: name, text: "This review names a staff member and is hidden by the dealer.", rating: 5, review_date: addDays(today, -40) });
  }
  const total = SUMMARIES[site.slug]?.count ?? list.length;
  for (let index = list.length; index < total; index++) {
    const name = REVIEWERS[(index * 7) % REVIEWERS.length] ?? "A customer";
    const days = 100 + index * 3;
    list.push({
      id: `${site.slug}-review-${index + 1}`,
      customer_name: name,
      text: REVIEW_TEXTS[index % REVIEW_TEXTS.length] ?? null,
      rating: [5, 4, 5, 3, 5, 4, 5, 5, 2, 4, 5][index % 11] ?? 5,
      review_date: addDays(today, -days),
      review_date_in_words: `${Math.max(3, Math.round(days / 30))} months ago`,
      location_id: locationOf(index),
    });
  }
  return list;
}

/** The review summary per site; the group's is the spec's sample (885 reviews, 4.6). */
const SUMMARIES: Record<string, ReviewSummary> = {
  "summit-auto-group": { count: 885, average_rating: 4.6 },
  "harbour-city-motors": { count: 212, average_rating: 4.4 },
  "metro-certified": { count: 64, average_rating: 3.8 },
  "ridge-motorcycles": { count: 131, average_rating: 4.7 },
  "outback-trucks": { count: 48, average_rating: 4.2 },
  "coastal-caravans": { count: 97, average_rating: 4.5 },
};

/** The brands page tiles: the group's franchises, then its own businesses (skipPage targets). */
function brandTiles(site: DemoSiteDef): BrandTile[] {
  const makes = [...new Set(site.dealerships.flatMap((d) => d.franchiseMakes))];
  const franchise = makes.map((make, index): BrandTile => {
    const slug = slugify(make);
    return {
      title: make,
      slug,
      // The last franchise has no logo on file: the tile shows the image-not-found picture.
      logo: index === makes.length - 1 ? null : brandLogoUrl(slug),
      banner: bannerUrl(`${slug}-range`),
      description: `The full ${make} range, new, demo and used, with ${make}-trained service technicians.`,
    };
  });
  // The group's own businesses are tiles too (a dealer group's brands page only).
  const own = (site.template === "dealer-group" ? [
    ["TWG Cars", "twg-cars"],
    ["TWG Rental", "twg-rental"],
    ["TWG Tyres", "twg-tyres"],
    ["Finance and Insurance", "finance-and-insurance"],
    ["Neotek", "neotek"],
    ["4x4 Outdoor", "4x4-outdoor"],
  ] : []).map(([title = "", slug = ""]): BrandTile => ({ title, slug, logo: brandLogoUrl(slug), skipPage: true }));
  return [...franchise, ...own];
}

function slides(site: DemoSiteDef): Slide[] {
  return [
    { id: `${site.slug}-slide-1`, name: "Drive away deals", description: `This month's offers at ${site.name}.`, url: "/special-offers", hide_overlay: false },
    { id: `${site.slug}-slide-2`, name: "Book a service", description: "Capped-price servicing by factory-trained technicians.", url: "/service", hide_overlay: false },
    { id: `${site.slug}-slide-3`, name: "Sell your car", description: "A fair price for your car, paid the same day.", url: "/sell-my-car", hide_overlay: true },
  ];
}

const STATISTICS: Statistic[] = [
  { label: "Dealerships", value: "5" },
  { label: "Locations", value: "10" },
  { label: "Cars sold since 1998", value: "250,000+" },
  { label: "Staff", value: "600+" },
];

export function demoSiteContent(site: DemoSiteDef, today: string): SiteContentRow[] {
  const rows: SiteContentRow[] = [];
  const add = (kind: SiteContentRow["kind"], items: Array<{ data: SiteContentRow["data"]; slug: string }>) => {
    for (const [position, item] of items.entries()) rows.push({ site: site.slug, kind, slug: item.slug, position, data: item.data });
  };
  const hiddenNames = site.config.reviews?.hiddenNames ?? [];
  add("page", sitePages(site).map((data) => ({ data, slug: data.slug })));
  add("blog", blogPosts(site, today).map((data) => ({ data, slug: data.slug })));
  add("review", reviews(site, today, hiddenNames).map((data) => ({ data, slug: String(data.id) })));
  const summary = SUMMARIES[site.slug];
  if (summary) add("review-summary", [{ data: summary, slug: "summary" }]);
  add("slide", slides(site).map((data) => ({ data, slug: String(data.id) })));
  if (site.config.features?.brandsPage) add("brand", brandTiles(site).map((data) => ({ data, slug: data.slug })));
  if (site.config.features?.statisticsBanner) add("statistic", STATISTICS.map((data) => ({ data, slug: slugify(data.label) })));
  return rows;
}
