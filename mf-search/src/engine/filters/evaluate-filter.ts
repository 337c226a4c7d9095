import { Bitset } from "../bitset";
import type { SearchIndex } from "../search-index";
import type { FilterNode } from "./filter-ast";

function numberIn(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function objectIDSet(index: SearchIndex, objectID: string): Bitset {
  const set = new Bitset(index.size);
  const doc = index.docOf(objectID);
  if (doc !== undefined) set.add(doc);
  return set;
}

/** The documents a filter selects. Unknown attributes select nothing (Algolia does not reject them). */
export function evaluateFilter(index: SearchIndex, node: FilterNode): Bitset {
  switch (node.kind) {
    case "and":
      return node.children.map((child) => evaluateFilter(index, child)).reduce((a, b) => a.and(b));
    case "or":
      return node.children.map((child) => evaluateFilter(index, child)).reduce((a, b) => a.or(b));
    case "not":
      return evaluateFilter(index, node.child).not();
    case "facet": {
      // Algolia filters on a record's objectID without it being a facet.
      if (node.attribute === "objectID") return objectIDSet(index, node.value);
      // `year:2020` on a numeric attribute is numeric equality, so 2020 and 2020.0 agree.
      const numeric = index.numeric.get(node.attribute);
      const value = numberIn(node.value);
      if (numeric && value !== null) return numeric.compare(index.size, "=", value);
      return index.facets.get(node.attribute)?.matching(node.value, index.size) ?? new Bitset(index.size);
    }
    case "numeric":
      return index.numeric.get(node.attribute)?.compare(index.size, node.operator, node.value) ?? new Bitset(index.size);
    case "range":
      return index.numeric.get(node.attribute)?.range(index.size, node.low, node.high) ?? new Bitset(index.size);
  }
}
