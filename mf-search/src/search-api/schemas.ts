import { z } from "zod";

/** POST /1/indexes/*\/queries: each request names its index; the rest are search parameters. */
export const multipleQueriesSchema = z.object({
  requests: z.array(
    z.looseObject({
      indexName: z.string().min(1),
      type: z.enum(["default", "facet"]).optional(),
    }),
  ),
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
