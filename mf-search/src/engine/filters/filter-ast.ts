export type NumericOperator = "=" | "!=" | "<" | "<=" | ">" | ">=";

/** A parsed filter expression; `filters`, `facetFilters`, `numericFilters` and secured filters all become one. */
export type FilterNode =
  | { kind: "and"; children: FilterNode[] }
  | { kind: "or"; children: FilterNode[] }
  | { kind: "not"; child: FilterNode }
  | { kind: "facet"; attribute: string; value: string }
  | { kind: "numeric"; attribute: string; operator: NumericOperator; value: number }
  | { kind: "range"; attribute: string; low: number; high: number };

export function allOf(nodes: FilterNode[]): FilterNode | null {
  if (nodes.length === 0) return null;
  return nodes.length === 1 ? nodes[0]! : { kind: "and", children: nodes };
}
