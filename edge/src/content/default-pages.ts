import { type ContentPage, contentPage } from "@dealer/shared/contract";

/**
 * The platform's default content pages: every site has them unless it stores its own page at the same path
 * (site_content). Texts name the site; a dealer replaces them with its own wording.
 */
export function defaultContentPages(siteName: string): ContentPage[] {
  const page = contentPage;
  return [
    page("/about-us", `About ${siteName}`, `About ${siteName}: our team, our locations and how we do business.`,
      `## About us\n\n${siteName} sells, services and finances vehicles for local drivers.\n\n[Find a location](/dealer-locator) or [contact us](/contact).`),
    page("/privacy-policy", "Privacy policy", `How ${siteName} collects, uses and protects your personal information.`,
      `## Privacy policy\n\n${siteName} collects the details you give us in our forms (name, email, phone, postcode and message) to answer your enquiry.\n\n- We never sell your details.\n- You can ask for a copy of your details, or for their deletion, at any time.\n- Marketing emails are sent only when you opt in, and every email has an unsubscribe link.\n\nQuestions: [contact us](/contact).`),
    page("/terms-and-conditions", "Terms and conditions", `The terms of use of the ${siteName} website.`,
      `## Terms and conditions\n\nPrices and availability are subject to change without notice. Photos may show optional equipment.\n\nFinance estimates are a guide only and are not an offer of credit.\n\nA reserve deposit is refundable and holds a vehicle for 48 hours.`),
    page("/faqs", "Frequently asked questions", `Answers to common questions about buying, finance and servicing at ${siteName}.`,
      `## Frequently asked questions\n\n### Can I reserve a car online?\n\nYes: a refundable deposit holds a car for 48 hours.\n\n### Do you take trade-ins?\n\nYes. [Value your trade-in](/trade-in).\n\n### Can I book a service online?\n\nYes. [Book a service](/service).`),
    page("/warranty", "Warranty", `Warranty cover on vehicles from ${siteName}.`,
      "## Warranty\n\nNew vehicles carry the manufacturer's warranty. Used vehicles can be covered by an extended warranty: ask our team."),
    page("/pages/warranty", "Warranty", `Warranty cover on vehicles from ${siteName}.`,
      "## Warranty\n\nNew vehicles carry the manufacturer's warranty. Used vehicles can be covered by an extended warranty: ask our team."),
    page("/buying", "Buying with us", `How buying a vehicle from ${siteName} works.`,
      "## Buying with us\n\n1. Find a vehicle in [our stock](/search)\n2. Book a [test drive](/book-test-drive)\n3. Arrange [finance](/finance) and your [trade-in](/trade-in)\n4. Drive away"),
    page("/capped-price-servicing", "Capped price servicing", "Know the price of each scheduled service before you book.",
      "## Capped price servicing\n\nScheduled services at a fixed price for the first years of ownership. [Book a service](/service)."),
    page("/roadside-assist", "Roadside assist", "24/7 roadside assistance for our customers.",
      "## Roadside assist\n\nFlat battery, flat tyre or locked out: help is one call away, 24 hours a day."),
    page("/special-offers", "Special offers", `This month's offers at ${siteName}.`,
      "## Special offers\n\nDrive away deals on selected new and demo stock. [See all stock](/search/new-used-and-demo-cars) or [contact us](/contact) for today's offers."),
    page("/pages/lifecycle-checkup", "Lifecycle check-up", "A free health check for your vehicle at any age.",
      "## Lifecycle check-up\n\nA 20-point check of tyres, brakes, battery and fluids. [Book it with your next service](/service)."),
    page("/pages/service-benefits", "Service benefits", "Why service with our factory-trained technicians.",
      "## Service benefits\n\n- Genuine parts\n- Factory-trained technicians\n- Free car wash with every service"),
    page("/pages/pre-owned-benefits", "Pre-owned benefits", "What comes with every pre-owned vehicle.",
      "## Pre-owned benefits\n\nEvery pre-owned vehicle is inspected, serviced and comes with a history report."),
    page("/pages/home-drive", "Home test drive", "We bring the car to you for a test drive.",
      "## Home test drive\n\nBook a [test drive](/book-test-drive) and ask us to bring the car to your home or office."),
    page("/pages/unsubscribe", "Unsubscribe", "Stop marketing emails.",
      "## Unsubscribe\n\nTo stop marketing emails, use the unsubscribe link in any email, or [contact us](/contact) and we will remove you."),
  ];
}
