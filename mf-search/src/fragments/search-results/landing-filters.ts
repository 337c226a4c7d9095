import { landingPathMeaning } from "@dealer/shared/rules";

/** Algolia filters for a landing path (/search/used-cars, /search/{make}/{model}, /search/{body}...). */
const words = (slug: string) => slug.replace(/-/g, " ");

export function landingFilters(params: Record<string, string>): string[] {
  if (!params.landing) return [];
  const meaning = landingPathMeaning(params.landing, params.landingModel);
  switch (meaning.kind) {
    case "car_type":
      return meaning.car_type.length ? [meaning.car_type.map((type) => `car_type:${type}`).join(" OR ")] : [];
    case "make_model":
      return [`make:"${words(meaning.make)}"`, `model:"${words(meaning.model)}"`];
    case "segment":
      // One segment is a make, a body type or a dealership, whichever the stock has.
      return [`make:"${words(meaning.segment)}" OR body:"${words(meaning.segment)}" OR dealership_slug:"${meaning.segment}"`];
  }
}
