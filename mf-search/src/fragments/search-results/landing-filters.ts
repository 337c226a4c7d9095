/** Filters named by a landing path (/search/used-cars, /search/{make}/{model}, /search/{body}). */
const carTypeLandings: Record<string, string> = {
  "new-used-and-demo-cars": "",
  "used-cars": "car_type:used",
  "new-and-demo-cars": "car_type:new OR car_type:demo",
  "new-cars": "car_type:new",
  "demo-cars": "car_type:demo",
};

const words = (slug: string) => slug.replace(/-/g, " ");

export function landingFilters(params: Record<string, string>): string[] {
  const landing = params.landing;
  if (!landing) return [];
  const byType = carTypeLandings[landing];
  if (byType !== undefined) return byType ? [byType] : [];
  if (params.landingModel) return [`make:"${words(landing)}"`, `model:"${words(params.landingModel)}"`];
  // One segment: a make, a body type or a dealership, whichever the stock has.
  return [`make:"${words(landing)}" OR body:"${words(landing)}" OR dealership_slug:"${landing}"`];
}
