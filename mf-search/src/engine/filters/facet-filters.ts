import { SearchError } from "../errors";
import { allOf, type FilterNode } from "./filter-ast";
import { parseFilters } from "./parse-filters";

/** Algolia's list form: outer entries are ANDed, entries of a nested list are ORed. */
export type FilterList = ReadonlyArray<string | ReadonlyArray<string>>;

/** A leading '-' on the value (Algolia: 'make:-Toyota') or on the entry negates; '\\-' keeps a literal '-'. */
function unescapeMinus(text: string): { text: string; negated: boolean } {
  if (text.startsWith("\\-")) return { text: text.slice(1), negated: false };
  return text.startsWith("-") ? { text: text.slice(1), negated: true } : { text, negated: false };
}

function facetCondition(entry: string): FilterNode {
  const outer = unescapeMinus(entry);
  const colon = outer.text.indexOf(":");
  if (colon <= 0) throw new SearchError(`facetFilters: Invalid syntax for facet filter "${entry}", expected attribute:value`);
  const inner = unescapeMinus(outer.text.slice(colon + 1));
  const node: FilterNode = { kind: "facet", attribute: outer.text.slice(0, colon).trim(), value: inner.text };
  return outer.negated !== inner.negated ? { kind: "not", child: node } : node;
}

function numericCondition(entry: string): FilterNode {
  const node = parseFilters(entry, "numericFilters");
  if (node?.kind !== "numeric" && node?.kind !== "range")
    throw new SearchError(`numericFilters: Invalid syntax for numeric filter "${entry}"`);
  return node;
}

function fromList(list: FilterList, condition: (entry: string) => FilterNode): FilterNode | null {
  // An empty OR group ([[]]) asks for nothing: it is left out, as Algolia does, rather than matching nothing.
  return allOf(
    list.filter((entry) => typeof entry === "string" || entry.length > 0).map((entry) =>
      typeof entry === "string" ? condition(entry) : { kind: "or", children: entry.map((inner) => condition(inner)) },
    ),
  );
}

export function parseFacetFilters(list: FilterList): FilterNode | null {
  return fromList(list, facetCondition);
}

export function parseNumericFilters(list: FilterList): FilterNode | null {
  return fromList(list, numericCondition);
}
