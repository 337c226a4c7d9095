import { addRecentSearch, SEARCH_BOX_DELAY_MS } from "@dealer/shared/rules";
import { useEffect, useRef, useState } from "react";

const RECENT_KEY = "recentSearches";

function readRecent(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}

/** Keyword search: results follow typing after 300 ms; the last 5 searches are kept on the device and offered. */
export function SearchBox(props: { query: string; onQuery: (query: string) => void; onFirstFocus: () => void }) {
  const [text, setText] = useState(props.query);
  const [recent, setRecent] = useState<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => setText(props.query), [props.query]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(query: string) {
    clearTimeout(timer.current);
    props.onQuery(query.trim());
  }

  function remember(query: string) {
    const next = addRecentSearch(readRecent(), query);
    setRecent(next);
    try {
      localStorage.setItem(RECENT_KEY, JSON.stringify(next));
    } catch {
      // Storage may be full or disabled: recent searches are a convenience.
    }
  }

  return (
    <search>
    <form
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        commit(text);
        remember(text);
      }}
    >
      <label htmlFor="search-box-input" className="visually-hidden">
        Search stock
      </label>
      <input
        id="search-box-input"
        type="search"
        name="query"
        list="recent-searches"
        placeholder="Search make, model or keyword"
        autoComplete="off"
        value={text}
        onFocus={() => {
          setRecent(readRecent());
          props.onFirstFocus();
        }}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(value), SEARCH_BOX_DELAY_MS);
        }}
        onBlur={() => text.trim() && remember(text)}
      />
      <datalist id="recent-searches">
        {recent.map((entry) => (
          <option key={entry} value={entry} />
        ))}
      </datalist>
      <button type="submit" className="button">
        Search
      </button>
    </form>
    </search>
  );
}
