import { z } from "zod";

const urlHolder = z.object({ url: z.string() });

export const manufacturerSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  slug: z.string().min(1),
  logo: urlHolder.nullable().optional(),
});

export const modelSchema = z.object({
  name: z.string().min(1),
  slug: z.string().min(1),
  image: urlHolder.nullable().optional(),
  cloudfront_new_image_url: z.string().nullable().optional(),
  override_url: z.string().nullable().optional(),
  accessories_count: z.number().int().nonnegative().default(0),
});

export const slideSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  description: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  hide_overlay: z.boolean().default(false),
});

export const blogCardSchema = z.object({
  href: z.string().min(1),
  heading: z.string().min(1),
  image: z.string().nullable().optional(),
  description: z.string().default(""),
  date: z.string(),
});

export type Manufacturer = z.infer<typeof manufacturerSchema>;
export type Model = z.infer<typeof modelSchema>;
export type Slide = z.infer<typeof slideSchema>;
export type BlogCard = z.infer<typeof blogCardSchema>;
