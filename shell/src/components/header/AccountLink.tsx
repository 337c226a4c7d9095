import { sessionAtom } from "@dealer/shared/atoms";
import { GARAGE_PATH, signInUrl } from "@dealer/shared/rules";
import { useAtomValue } from "jotai";

/** Signed in (the gateway filled the session on the server, so no flash): My garage; otherwise Sign in, returning here. */
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
    <a className="shell-header__account" href={signInUrl("account", path, path)}>
      Sign in
    </a>
  );
}
