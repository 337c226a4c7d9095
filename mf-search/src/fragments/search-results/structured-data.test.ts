import { describe, expect, it } from "vitest";
import { resultsItemList } from "./structured-data";

describe("resultsItemList", () => {
  it("lists the page's cars by absolute URL, numbered from the page's first place", () => {
    const list = resultsItemList([{ href: "/cars/a", title: "2021 Toyota Camry" }, { href: "/cars/b", title: "2020 Kia Rio" }], 24, "https://dealer.example");
    expect(list).toEqual({
      "@context": "https://schema.org",
      "@type": "ItemList",
      numberOfItems: 2,
      itemListElement: [
        { "@type": "ListItem", position: 25, url: "https://dealer.example/cars/a", name: "2021 Toyota Camry" },
        { "@type": "ListItem", position: 26, url: "https://dealer.example/cars/b", name: "2020 Kia Rio" },
      ],
    });
  });
});
