import { sessionAtom } from "@dealer/shared/atoms";
import { GARAGE_PATH, signInUrl } from "@dealer/shared/rules";
import { useAtomValue } from "jotai";
import type { MouseEvent } from "react";

function returnHereAsItIsNow(event: MouseEvent<HTMLAnchorElement>) {
  const here = window.location.pathname + window.location.search;
  event.currentTarget.href = signInUrl("account", here, here);
}

/**
 * Signed in (the gateway filled the session on the server, so no flash): My garage; otherwise Sign in, returning here.
 * The markup names the path alone (ADR 0118: the page is one document whatever its query); the click names the
 * address as it is then, query included, which on a search page has moved since the server rendered it anyway.
 */
export function AccountLink({ path }: { path: string }) {
  const session = useAtomValue(sessionAtom);
  if (session.userId !== null) {
    return (
      <a className="shell-header__account" href={GARAGE_PATH}>
        My garage
      </a>
    );
  }
  return (
    <a className="shell-header__account" href={signInUrl("account", path, path)} onClick={returnHereAsItIsNow}>
      Sign in
    </a>
  );
}
