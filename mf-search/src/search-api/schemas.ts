import { z } from "zod";

/**
 * Queries one multi-query may carry (docs/api/search.md). InstantSearch sends one per refined disjunctive facet
 * plus one, a dozen or so; every query is answered before the response starts, so the list is bounded.
 */
export const MAX_QUERIES_PER_REQUEST = 50;

/** POST /1/indexes/*\/queries: each request names its index; the rest are search parameters. */
export const multipleQueriesSchema = z.object({
  requests: z
    .array(
      z.looseObject({
        indexName: z.string().min(1),
        type: z.enum(["default", "facet"]).optional(),
      }),
    )
    .max(MAX_QUERIES_PER_REQUEST, `At most ${MAX_QUERIES_PER_REQUEST} queries per request.`),
  strategy: z.enum(["none", "stopIfEnoughMatches"]).optional(),
});

const batchActionSchema = z.enum([
  "addObject",
  "updateObject",
  "partialUpdateObject",
  "partialUpdateObjectNoCreate",
  "deleteObject",
  "delete",
  "clear",
]);

const operationSchema = z.object({
  action: batchActionSchema,
  body: z.record(z.string(), z.unknown()).default({}),
});

/** POST /1/indexes/{index}/batch */
export const batchSchema = z.object({ requests: z.array(operationSchema) });

/** POST /1/indexes/*\/batch: operations on several indices. */
export const multipleBatchSchema = z.object({
  requests: z.array(operationSchema.extend({ indexName: z.string().min(1) })),
});

/** Any JSON object: a single query's parameters, index settings. */
export const jsonObjectSchema = z.record(z.string(), z.unknown());
