/** The replica of the newest additions first (the featured stock row reads it too). */
export const RECENTLY_ADDED_SUFFIX = ":created_at_timestamp:desc";

/** The sort select: the primary index ranks by custom rank descending; each other option is a replica of it. */
export const SORT_OPTIONS = [
  { suffix: "", label: "Recommended" },
  { suffix: ":price:asc", label: "Price: low to high" },
  { suffix: ":price:desc", label: "Price: high to low" },
  { suffix: ":km:asc", label: "Kilometres: lowest first" },
  { suffix: ":year:desc", label: "Year: newest first" },
  { suffix: RECENTLY_ADDED_SUFFIX, label: "Recently added" },
] as const;

export const sortIndices = (indexName: string) => SORT_OPTIONS.map(({ suffix }) => `${indexName}${suffix}`);
