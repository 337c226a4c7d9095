import type { Breadcrumb } from "@dealer/shared/rules";

/** Home > type > make > model > body > current; every link is a search landing path. */
export function Breadcrumbs({ crumbs }: { crumbs: Breadcrumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="vehicle-breadcrumbs">
        {crumbs.map((crumb) => (
          <li key={`${crumb.label}-${crumb.href}`} className="vehicle-breadcrumbs__item">
            {crumb.href ? (
              <a href={crumb.href}>{crumb.label}</a>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
