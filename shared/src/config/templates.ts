import type { SiteTemplate } from "../contract/site";
import type { SiteConfigOverride } from "./site-config";

/** A template a site starts from: what it is for, and the defaults it sets over the platform's. */
export type TemplateDefinition = { label: string; description: string; defaults: SiteConfigOverride };

/**
 * The templates a site can choose (issue 24), taken from today's demo sites: a site's config is the platform
 * defaults, then its template's, then its own override, so a new site states only what differs.
 */
export const SITE_TEMPLATES: Record<SiteTemplate, TemplateDefinition> = {
  "car-dealer": {
    label: "Car dealer",
    description: "One dealership selling new, demo and used cars.",
    defaults: {},
  },
  "dealer-group": {
    label: "Dealer group",
    description: "Several dealerships and brands under one site: brands page, statistics banner, sales counter.",
    defaults: {
      features: { brandsPage: true, statisticsBanner: true, salesCounter: true, showLicenceNumber: true },
      home: { sections: ["salesCounter", "statistics", "promotions", "bodyTypes", "featuredStock", "locations", "reviews", "blog"] },
      navigation: { openOnHover: true },
    },
  },
  "used-only": {
    label: "Used-only dealer",
    description: "Pre-owned stock only; search keeps to used cars.",
    defaults: { search: { usedOnly: true } },
  },
  motorcycle: {
    label: "Motorcycles",
    description: "A motorcycle dealer; its brands page lists the makes it sells.",
    defaults: { features: { brandsPage: true } },
  },
  truck: {
    label: "Trucks",
    description: "A truck dealer: higher prices on the slider and in the budget finder.",
    defaults: { search: { priceSliderMax: 400000 }, budget: { moneyInputMin: 300000, moneyInputMax: 800000 } },
  },
  caravan: {
    label: "Caravans",
    description: "A caravan dealer: the gallery viewer first, the full-height promotions banner.",
    defaults: { vehicle: { defaultViewerMode: "gallery" }, home: { promotionsHeight: 1080 } },
  },
};
