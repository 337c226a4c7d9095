import { isSignedInAtom, toastAtom } from "@dealer/shared/atoms";
import { signInUrl } from "@dealer/shared/rules";
import { useAtomValue, useSetAtom } from "jotai";
import type { FormEvent } from "react";

const SAVE_LABEL = "Save this search";

/**
 * Saves the current filters (the /search query) to My garage. A plain form post without a script (303 back to
 * the search); with one, a JSON call and a toast (their code loads on submit). Signed out, it is a link to sign-in that
 * comes back here.
 */
export function SaveSearch({ query, returnTo }: { query: string; returnTo: string }) {
  const signedIn = useAtomValue(isSignedInAtom);
  const showToast = useSetAtom(toastAtom);
  if (!signedIn) {
    return (
      <a className="link-button search-results__save" href={signInUrl("search", returnTo, returnTo)}>
        {SAVE_LABEL}
      </a>
    );
  }
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { saveSearch } = await import("./save-search-action");
    await saveSearch(query, showToast);
  };
  return (
    <form className="search-results__save" method="post" action="/api/saved-searches" onSubmit={onSubmit}>
      <input type="hidden" name="query" value={query} />
      <button type="submit" className="link-button">
        {SAVE_LABEL}
      </button>
    </form>
  );
}
