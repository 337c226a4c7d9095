import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { VehicleDetailProps } from "./props";
import VehicleDetail from "./VehicleDetail";

const image = (n: number) => ({ id: String(n), src: `/cdn/image/width=600,quality=75/a${n}.svg`, srcSet: `a${n} 600w`, thumbSrc: `/t${n}.svg`, alt: `Car, image ${n}` });

const props = (overrides: Partial<VehicleDetailProps> = {}): VehicleDetailProps => ({
  car: { id: 1, slug: "car", title: "2021 Toyota Corolla Ascent Sport", sold: false, vehicleType: "car" },
  price: { kind: "price", amount: 27990, struckBeforePrice: 29990 },
  facts: [{ label: "Kilometres", value: "42,000 km" }],
  images: [1, 2, 3, 4].map(image),
  ...overrides,
});

describe("VehicleDetail", () => {
  it("renders the title, the offer price with the struck before-price, and the key facts", () => {
    const html = renderToString(<VehicleDetail {...props()} />);
    expect(html).toContain("2021 Toyota Corolla Ascent Sport</h1>");
    expect(html).toContain("$27,990");
    expect(html).toMatch(/<s class="vehicle-detail__price-before">.*\$29,990<\/s>/);
    expect(html).toContain("42,000 km");
  });

  it("shows a subscription per week, PREORDER and the no-price text", () => {
    expect(renderToString(<VehicleDetail {...props({ price: { kind: "subscription", amount: 199, suffix: "/wk" } })} />)).toMatch(/\$199.*\/wk/);
    expect(renderToString(<VehicleDetail {...props({ price: { kind: "preorder", text: "PREORDER" } })} />)).toContain("PREORDER");
    expect(renderToString(<VehicleDetail {...props({ price: { kind: "text", text: "Enquire for price." } })} />)).toContain("Enquire for price.");
  });

  it("shows the sold message in place of the price for a sold vehicle", () => {
    const html = renderToString(<VehicleDetail {...props({ car: { ...props().car, sold: true, vehicleType: "motorcycle" } })} />);
    expect(html).toContain("Unfortunately this motorcycle recently sold. But don&#x27;t worry, we can help you find a similar one!");
    expect(html).not.toContain("$27,990");
  });

  it("renders the first image eagerly with its size, and thumbnails only with more than 3 images", () => {
    const html = renderToString(<VehicleDetail {...props()} />);
    expect(html).toMatch(/<img class="vehicle-gallery__main"[^>]*width="600" height="400"[^>]*loading="eager"/);
    expect(html.match(/loading="lazy"/g)).toHaveLength(4);
    expect(html).toContain("Show image 4");
    const three = renderToString(<VehicleDetail {...props({ images: [1, 2, 3].map(image) })} />);
    expect(three).not.toContain("vehicle-gallery__thumbs");
  });
});
