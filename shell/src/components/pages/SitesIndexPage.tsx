/** A demo site as listed on http://localhost:8787/. */
export type DemoSiteLink = { slug: string; name: string };

/** Local index of the demo sites; needs no tenant store. */
export function SitesIndexPage({ sites, port = 8787 }: { sites: DemoSiteLink[]; port?: number }) {
  return (
    <main id="main" className="shell-page sites-index">
      <h1>Dealer platform: demo sites</h1>
      <ul>
        {sites.map((site) => (
          <li key={site.slug}>
            <a href={`http://${site.slug}.localhost:${port}/`}>{site.name}</a>{" "}
            <code>{site.slug}.localhost:{port}</code>
          </li>
        ))}
      </ul>
    </main>
  );
}
