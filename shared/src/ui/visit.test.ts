import { describe, expect, it } from "vitest";
import { recordVisit, saveSuccessLines, takeSuccessLines, VISITED_PAGES_MAX, visitedPages } from "./visit";
import { memoryStorage } from "../rules/test-fixtures";

describe("visited pages", () => {
  it("keeps the pages of this visit in order, a reload once, the newest few only", () => {
    const storage = memoryStorage();
    for (const page of ["/", "/search?make=Toyota", "/search?make=Toyota", "/cars/a", "/cars/b"]) recordVisit(storage, page);
    expect(visitedPages(storage)).toEqual(["/", "/search?make=Toyota", "/cars/a", "/cars/b"]);
    for (let page = 0; page < 30; page += 1) recordVisit(storage, `/cars/${page}`);
    expect(visitedPages(storage)).toHaveLength(VISITED_PAGES_MAX);
    expect(visitedPages(storage).at(-1)).toBe("/cars/29");
  });

  it("reads nothing from storage it did not write", () => {
    const storage = memoryStorage();
    storage.setItem("dealer:visited-pages", '{"not":"a list"}');
    expect(visitedPages(storage)).toEqual([]);
    storage.setItem("dealer:visited-pages", "[1, \"/a\"]");
    expect(visitedPages(storage)).toEqual(["/a"]);
  });
});

describe("success lines", () => {
  it("are shown once", () => {
    const storage = memoryStorage();
    saveSuccessLines(storage, ["Sent.", "Next."]);
    expect(takeSuccessLines(storage)).toEqual(["Sent.", "Next."]);
    expect(takeSuccessLines(storage)).toEqual([]);
  });
});
