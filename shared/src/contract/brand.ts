import { z } from "zod";

/** A tile on the brands page; skipPage sends the tile to its own target instead of /{brand}/overview. */
export const brandTileSchema = z.object({
  title: z.string().min(1),
  slug: z.string().min(1),
  logo: z.string().nullable().optional(),
  banner: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  skipPage: z.union([z.boolean(), z.string()]).optional(),
});

export type BrandTile = z.infer<typeof brandTileSchema>;
