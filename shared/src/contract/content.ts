import { z } from "zod";
import { blogCardSchema } from "./catalogue";

/** A site's content page (/about-us, /pages/{slug}...): markdown rendered on the server, never raw HTML. */
export const contentPageSchema = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  /** Where the page answers: "/about-us" or "/pages/warranty". */
  path: z.string().regex(/^\/[a-z0-9/-]*$/),
  title: z.string().min(1),
  description: z.string().default(""),
  body: z.string().default(""),
});

/** A content page at a path; its slug is the path's segments joined ("/pages/warranty" -> "pages-warranty"). */
export function contentPage(path: string, title: string, description: string, body: string): ContentPage {
  return { slug: path.split("/").filter(Boolean).join("-"), path, title, description, body };
}

/** A blog post: its card fields plus the category (/blog/vehicle-reviews) and the article body. */
export const blogPostSchema = blogCardSchema.extend({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  category: z.string().default("news"),
  body: z.string().default(""),
});

/** Kinds of rows in the site_content table; each row's data parses with the kind's schema. */
export const siteContentKindSchema = z.enum(["page", "blog", "review", "review-summary", "brand", "slide", "statistic"]);

export const statisticSchema = z.object({ label: z.string().min(1), value: z.string().min(1) });

export type ContentPage = z.infer<typeof contentPageSchema>;
export type BlogPost = z.infer<typeof blogPostSchema>;
export type SiteContentKind = z.infer<typeof siteContentKindSchema>;
export type Statistic = z.infer<typeof statisticSchema>;
