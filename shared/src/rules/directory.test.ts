import { describe, expect, it } from "vitest";
import { SMALL_SEARCH_CACHE_SIZE, SMALL_SEARCH_HITS_PER_PAGE, groupDirectoryEntries } from "./directory";

const entry = (id: string, department: "service" | "parts", category: string) => ({ id, department, category });

describe("directory grouping helper", () => {
  const entries = [
    entry("a", "parts", "Accessories"),
    entry("b", "service", "Tyres"),
    entry("c", "service", "Scheduled servicing"),
    entry("d", "parts", "Towing"),
    entry("e", "service", "Tyres"),
    entry("f", "parts", "Accessories"),
  ];

  it("groups into service then parts, categories in first-seen order, entries in order", () => {
    expect(groupDirectoryEntries(entries)).toEqual([
      {
        department: "service",
        label: "Service",
        categories: [
          { category: "Tyres", entries: [entries[1], entries[4]] },
          { category: "Scheduled servicing", entries: [entries[2]] },
        ],
      },
      {
        department: "parts",
        label: "Parts and accessories",
        categories: [
          { category: "Accessories", entries: [entries[0], entries[5]] },
          { category: "Towing", entries: [entries[3]] },
        ],
      },
    ]);
  });

  it("puts the page's own department first and leaves an empty one out", () => {
    expect(groupDirectoryEntries(entries, "parts").map((group) => group.department)).toEqual(["parts", "service"]);
    expect(groupDirectoryEntries(entries.filter((e) => e.department === "parts"), "service").map((group) => group.department)).toEqual(["parts"]);
    expect(groupDirectoryEntries([])).toEqual([]);
  });

  it("uses the spec's page and cache sizes", () => {
    expect(SMALL_SEARCH_HITS_PER_PAGE).toBe(21);
    expect(SMALL_SEARCH_CACHE_SIZE).toBe(10);
  });
});
