import { makeCar, makeConfig } from "@dealer/shared/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sampleCar } from "./fixtures";
import VehicleDetail from "./VehicleDetail";
import VehicleDetailServer from "./VehicleDetail.server";
import { insertVideo, vehicleDetailProps } from "./view-model";

const context = (override = {}) => ({
  config: makeConfig(override),
  siteSlug: "harbour-city-motors",
  primaryCity: "Brisbane",
  origin: "https://harbour.example",
  siteName: "Harbour City Motors",
});
const propsFor = (overrides: Parameters<typeof sampleCar>[0] = {}, override = {}) => vehicleDetailProps(makeCar(sampleCar(overrides)), context(override));
const serverHtml = (props: ReturnType<typeof propsFor>) => renderToString(<VehicleDetailServer {...props} />);

describe("VehicleDetail", () => {
  it("renders the title, the offer price with the struck before-price, icon facts and breadcrumbs", () => {
    const html = serverHtml(propsFor({ before_price: 29990, offer_price: 27990 }));
    expect(html).toContain("2021 Toyota Corolla Ascent Sport</h1>");
    expect(html).toMatch(/<s class="price-block__before">.*\$29,990<\/s>/);
    expect(html).toContain("$27,990");
    expect(html).toContain("42,000 km");
    expect(html).toContain('href="/search/used-cars"');
    expect(html).toContain('href="/search/toyota/corolla"');
    expect(html).toContain('href="/search/sedan"');
  });

  const structuredData = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? "null");

  it("describes the car for search engines as a schema.org Car with its Offer, its seller and absolute URLs", () => {
    const html = serverHtml(propsFor({ offer_price: 25990, vin: "JTDBR32E720012345", doors: 4, seats: 5, simple_drive: "FWD", badge: "Ascent Sport" }));
    const data = structuredData(html);
    expect(data).toMatchObject({
      "@type": "Car",
      url: expect.stringMatching(/^https:\/\/harbour\.example\/cars\/[a-z0-9-]+$/),
      image: expect.stringMatching(/^https:\/\/harbour\.example\//),
      brand: { name: "Toyota" },
      vehicleIdentificationNumber: "JTDBR32E720012345",
      vehicleConfiguration: "Ascent Sport",
      driveWheelConfiguration: "https://schema.org/FrontWheelDriveConfiguration",
      numberOfDoors: 4,
      seatingCapacity: 5,
      mileageFromOdometer: { value: 42000, unitCode: "KMT" },
      offers: { "@type": "Offer", price: 25990, priceCurrency: "AUD", availability: "https://schema.org/InStock", seller: { "@type": "AutoDealer" } },
    });
    expect(data.offers.url).toBe(data.url);
    expect(data.sku).toBeTruthy();
  });

  it("types a motorcycle as a Motorcycle and a truck or a caravan as a Vehicle", () => {
    expect(structuredData(serverHtml(propsFor({ item_type: "motorcycle" })))["@type"]).toBe("Motorcycle");
    expect(structuredData(serverHtml(propsFor({ item_type: "truck" })))["@type"]).toBe("Vehicle");
    const caravan = structuredData(serverHtml(propsFor({ item_type: "caravan", caravan_specifications: { tare_weight: 1900, aggregate_trailer_mass: 2500 } })));
    expect(caravan).toMatchObject({ "@type": "Vehicle", weight: { value: 1900, unitCode: "KGM" }, weightTotal: { value: 2500, unitCode: "KGM" } });
  });

  it("ships only the interactive parts to the browser: breadcrumbs and buttons stay server markup", () => {
    const props = propsFor();
    const client = renderToString(<VehicleDetail interactive={props.interactive} />);
    expect(client).toContain('<div class="vehicle-detail__breadcrumbs"></div>');
    expect(client).not.toContain("Trade-In Valuation</a></li>");
    expect(serverHtml(props)).toContain("Trade-In Valuation</a></li>");
  });

  it("shows the sold message and the find-similar link, and no action buttons, for a sold car", () => {
    const html = serverHtml(propsFor({ status: "sold", item_type: "motorcycle" }));
    expect(html).toContain("Unfortunately this motorcycle recently sold. But don&#x27;t worry, we can help you find a similar one!");
    expect(html).toContain("Find Me Something Similar");
    expect(html).not.toContain("Trade-In Valuation");
    expect(html).not.toContain("vehicle-phone");
  });

  it("renders the first image eagerly with high priority and the rest lazily; thumbnails only over 3 images", () => {
    const html = serverHtml(propsFor({}, { vehicle: { defaultViewerMode: "gallery" } }));
    expect(html).toMatch(/<img class="vehicle-gallery__image"[^>]*width="600" height="400"[^>]*loading="eager" fetchPriority="high"/);
    expect(html.match(/class="vehicle-gallery__image"[^>]*loading="lazy"/g)).toHaveLength(4);
    expect(html).toContain("Show image 5");
    const images = sampleCar().images?.slice(0, 3);
    expect(serverHtml(propsFor({ images }, { vehicle: { defaultViewerMode: "gallery" } }))).not.toContain("vehicle-gallery__thumbs");
  });

  it("shows the buttons by the button rules: history with a file, reserve with the amount when checkout is on", () => {
    const html = serverHtml(propsFor({ file: "https://example.com/report.pdf", checkout_enabled: true }, { reserve: { amount: 0 } }));
    expect(html).toContain("Car History Report");
    expect(html).toMatch(/>Reserve Car Now<\/a>/);
    // $0: no deposit terms beside it.
    expect(html).not.toContain("vehicle-action__note");
    expect(html).toContain("Online Purchase");
    const plain = serverHtml(propsFor({ file: null, checkout_enabled: false }));
    expect(plain).not.toContain("Car History Report");
    expect(plain).not.toContain("Reserve Car Now");
  });

  it("masks the phone after 5 characters unless the site starts it revealed", () => {
    const withPhone = { location: { id: 1, name: "Main", slug: "main", phone: "07 3000 1234", address: { street: "1 St", city: "Cairns", state: "QLD", postcode: "4870" } } };
    expect(serverHtml(propsFor(withPhone))).toContain("07 30*******");
    expect(serverHtml(propsFor(withPhone, { features: { phoneRevealed: true } }))).toContain('href="tel:0730001234"');
    expect(serverHtml(propsFor(withPhone))).toContain("Located at Cairns");
  });

  it("places the stock video at the configured position and embeds only embed addresses", () => {
    const props = propsFor({ external_video_url: "https://www.youtube-nocookie.com/embed/abc" });
    expect(props.interactive.media.slides[1]).toMatchObject({ kind: "video", player: "embed" });
    expect(propsFor({ video_url: "https://videos.example.com/car.mp4" }).interactive.media.slides[1]).toMatchObject({ player: "native" });
    expect(propsFor({ video_url: "javascript:alert(1)" }).interactive.media.walkaround).toBeNull();
    const images = props.interactive.media.slides.filter((slide) => slide.kind === "image");
    const video = props.interactive.media.walkaround;
    expect(insertVideo(images, video, "start")[0]?.kind).toBe("video");
    expect(insertVideo(images, video, "end").at(-1)?.kind).toBe("video");
    expect(insertVideo(images, video, "middle")[2]?.kind).toBe("video");
  });
});
