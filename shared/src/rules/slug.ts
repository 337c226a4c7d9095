/** A URL slug: lower-case letters and digits joined by single hyphens (apostrophes dropped, "Jo's" -> "jos"). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
