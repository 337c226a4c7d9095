import { useShellSite } from "../use-shell-site";

/** The tenant's own 404 page (the gateway answers it with status 404). */
export function NotFoundPage() {
  const { site } = useShellSite();
  return (
    <section className="shell-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>Sorry, we couldn't find that page on {site.name}.</p>
      <ul>
        <li>
          <a href="/">Home</a>
        </li>
        <li>
          <a href="/search">Search our stock</a>
        </li>
        <li>
          <a href="/contact">Contact us</a>
        </li>
      </ul>
    </section>
  );
}
