/** Previous / 'Page n of m' / Next as links that work without script; with script, `onPage` moves in place. */
export function PageLinks(props: { page: number; nbPages: number; label: string; href: (page: number) => string; onPage: (page: number) => void }) {
  if (props.nbPages <= 1) return null;
  const link = (page: number, text: string) => (
    <a
      href={props.href(page)}
      onClick={(event) => {
        event.preventDefault();
        props.onPage(page);
      }}
    >
      {text}
    </a>
  );
  return (
    <nav className="small-search__pages" aria-label={props.label}>
      {props.page > 1 && link(props.page - 1, "Previous")}
      <span>
        Page {props.page} of {props.nbPages}
      </span>
      {props.page < props.nbPages && link(props.page + 1, "Next")}
    </nav>
  );
}
