import type { BlogCard } from "@dealer/shared/contract";
import { BLOG_DESCRIPTION_LIMIT, truncateText } from "@dealer/shared/rules";

const dateFormat = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function formatPostDate(date: string): string {
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : dateFormat.format(time);
}

/** Blog cards: image, heading, date and the description cut at 80 characters; the card links to the post. */
export function BlogCards({ posts, headingLevel = 3 }: { posts: BlogCard[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (!posts.length) return <p className="blog-cards__empty">No posts yet.</p>;
  return (
    <ul className="blog-cards">
      {posts.map((post) => (
        <li key={post.href} className="blog-card">
          {post.image ? <img className="blog-card__image" src={post.image} alt="" width={640} height={180} loading="lazy" decoding="async" /> : null}
          <Heading className="blog-card__heading">
            <a href={post.href}>{post.heading}</a>
          </Heading>
          <time className="blog-card__date" dateTime={post.date}>
            {formatPostDate(post.date)}
          </time>
          <p className="blog-card__description">{truncateText(post.description, BLOG_DESCRIPTION_LIMIT).text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The home page's latest posts. */
export function BlogSection({ posts }: { posts: BlogCard[] }) {
  return (
    <section className="home-section blog-section" aria-labelledby="blog-section-title">
      <h2 id="blog-section-title">Latest news</h2>
      <BlogCards posts={posts.slice(0, 3)} />
      <p>
        <a href="/blog">All posts</a>
      </p>
    </section>
  );
}
