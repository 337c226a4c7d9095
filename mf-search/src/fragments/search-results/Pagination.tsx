/** The search page's one finance disclaimer, which every card's figure refers to. */
export const FINANCE_DISCLAIMER_ID = "search-finance-disclaimer";

/** Page links (they work before JavaScript loads); with JavaScript a click searches in place. */
export function Pagination(props: { page: number; nbPages: number; hrefFor: (page: number) => string; go: (page: number) => void }) {
  const { page, nbPages, hrefFor, go } = props;
  if (nbPages <= 1) return null;
  const first = Math.max(0, Math.min(page - 2, nbPages - 5));
  const pages = Array.from({ length: Math.min(5, nbPages) }, (_, i) => first + i);
  const link = (target: number, label: string, text: string, current = false) => (
    <a
      className={current ? "pagination__page pagination__page--current" : "pagination__page"}
      href={hrefFor(target)}
      aria-label={label}
      aria-current={current ? "page" : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        go(target);
      }}
    >
      {text}
    </a>
  );
  return (
    <nav className="pagination" aria-label="Result pages">
      {page > 0 && link(page - 1, "Previous page", "‹ Previous")}
      {pages.map((target) => (
        <span key={target}>{link(target, `Page ${target + 1}`, String(target + 1), target === page)}</span>
      ))}
      {page + 1 < nbPages && link(page + 1, "Next page", "Next ›")}
    </nav>
  );
}
