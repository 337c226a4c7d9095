import { describe, expect, it } from "vitest";
import { parseRelatedAnswer, type RowCard } from "./row-card";

const card = (id: number): RowCard => ({
  id,
  href: `/cars/car-${id}`,
  title: `Car ${id}`,
  subtitle: "Automatic",
  image: { src: "/a.jpg", srcSet: "/a.jpg 320w", sizes: "320px", width: 320, height: 240, style: { backgroundColor: "#aabbcc" } },
  price: { kind: "price", amount: 19_990, struckBeforePrice: null },
  priceType: "Drive Away",
});

describe("the related-cars answer as the similar row reads it", () => {
  it("shows the cards in the order of ids, each once, and only the fields a row renders", () => {
    const extra = { ...card(2), repayment: { text: "x" }, image: { ...card(2).image, onError: "alert(1)" } };
    expect(parseRelatedAnswer({ ids: [2, 1, 2, 9], cards: [card(1), extra] })).toEqual([card(2), card(1)]);
  });

  it("refuses another shape: no ids, a card off the site's car paths, a price without its amount", () => {
    expect(parseRelatedAnswer({ ids: [1] })).toBeNull();
    expect(parseRelatedAnswer({ ids: ["1"], cards: [] })).toBeNull();
    expect(parseRelatedAnswer({ ids: [1], cards: [{ ...card(1), href: "javascript:alert(1)" }] })).toBeNull();
    expect(parseRelatedAnswer({ ids: [1], cards: [{ ...card(1), price: { kind: "price" } }] })).toBeNull();
    expect(parseRelatedAnswer(null)).toBeNull();
  });
});
