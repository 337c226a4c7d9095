import { type ItemType, kmFilterShown } from "@dealer/shared/rules";

const KM_SUFFIX = ":km:asc";

/** The replica of the newest additions first (the featured stock row reads it too). */
export const RECENTLY_ADDED_SUFFIX = ":created_at_timestamp:desc";

/** The sort select: the primary index ranks by custom rank descending; each other option is a replica of it. */
export const SORT_OPTIONS = [
  { suffix: "", label: "Recommended" },
  { suffix: ":price:asc", label: "Price: low to high" },
  { suffix: ":price:desc", label: "Price: high to low" },
  { suffix: KM_SUFFIX, label: "Kilometres: lowest first" },
  { suffix: ":year:desc", label: "Year: newest first" },
  { suffix: RECENTLY_ADDED_SUFFIX, label: "Recently added" },
] as const;

export const sortIndices = (indexName: string) => SORT_OPTIONS.map(({ suffix }) => `${indexName}${suffix}`);

/** The sort select's options for what the site sells: no kilometres sort where the stock has no odometers (caravans). */
export const sortOptionsFor = (itemType: ItemType) => SORT_OPTIONS.filter(({ suffix }) => suffix !== KM_SUFFIX || kmFilterShown(itemType));
