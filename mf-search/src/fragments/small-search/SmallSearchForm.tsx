import type { ReactNode } from "react";

type Props = {
  className: string;
  pathname: string;
  /** The query box's label and its address name. */
  label: string;
  name: string;
  placeholder: string;
  maxLength: number;
  search: { text: string; load: () => unknown; type: (value: string) => void; submit: () => void };
  /** Fields between the box and the button (the directory's selects). */
  children?: ReactNode;
};

/** A small search's GET form: it works without script; hydrated, the box searches as the shopper types. */
export function SmallSearchForm({ search, ...props }: Props) {
  return (
    <search>
      <form
        className={`small-search__form ${props.className}`}
        method="get"
        action={props.pathname}
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
        onFocus={() => void search.load()}
      >
        <label className="small-search__field">
          <span>{props.label}</span>
          <input
            type="search"
            name={props.name}
            value={search.text}
            maxLength={props.maxLength}
            autoComplete="off"
            placeholder={props.placeholder}
            onChange={(event) => search.type(event.currentTarget.value)}
          />
        </label>
        {props.children}
        <button type="submit" className="button">
          Search
        </button>
      </form>
    </search>
  );
}

/** A link back to the search's empty state: the page itself without script, in place with it. */
export function SmallSearchReset(props: { pathname: string; onReset: () => void; children: ReactNode }) {
  return (
    <a
      className="button"
      href={props.pathname}
      onClick={(event) => {
        event.preventDefault();
        props.onReset();
      }}
    >
      {props.children}
    </a>
  );
}
