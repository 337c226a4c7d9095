import type { BlogPost, ContentPage as Page } from "@dealer/shared/contract";
import { Markdown } from "../content/Markdown";
import { BlogCards, formatPostDate } from "../parts/BlogCards";

/** A content page (/about-us, /pages/{slug}...): its title and its markdown body. */
export function ContentPage({ page }: { page: Page }) {
  return (
    <article className="shell-page content-page" aria-labelledby="content-title">
      <h1 id="content-title">{page.title}</h1>
      <Markdown source={page.body} />
    </article>
  );
}

const CATEGORIES = [
  { href: "/blog", label: "All posts" },
  { href: "/blog/vehicle-reviews", label: "Vehicle reviews" },
];

/** /blog and /blog/vehicle-reviews. */
export function BlogPage({ title, posts, current }: { title: string; posts: BlogPost[]; current: string }) {
  return (
    <section className="shell-page blog-page" aria-labelledby="blog-title">
      <h1 id="blog-title">{title}</h1>
      <nav aria-label="Blog categories">
        <ul className="blog-page__categories">
          {CATEGORIES.map((category) => (
            <li key={category.href}>
              <a href={category.href} aria-current={category.href === current ? "page" : undefined}>
                {category.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <BlogCards posts={posts} headingLevel={2} />
    </section>
  );
}

export function BlogPostPage({ post }: { post: BlogPost }) {
  return (
    <article className="shell-page content-page" aria-labelledby="post-title">
      <h1 id="post-title">{post.heading}</h1>
      <p>
        <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      </p>
      <Markdown source={post.body || post.description} />
      <p>
        <a href="/blog">Back to the blog</a>
      </p>
    </article>
  );
}
