import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { type ApproachOptions, onApproach } from "./on-approach";
import { ServerOnly } from "./ServerOnly";

type OnUseProps<P> = {
  id: string;
  className: string;
  props: P;
  /** The server's render of the part (its markup works without JavaScript). */
  children?: ReactNode;
  /** The browser's: the part's code, loaded on approach; until then the server's markup stays as sent. */
  load?: () => Promise<ComponentType<P>>;
  approach?: ApproachOptions;
};

/**
 * A part whose server markup works alone (a form that reloads the page with its answer) and whose code stays out of
 * the first load: the browser keeps the markup as sent (ServerOnly) and renders the part itself in its place once the
 * shopper comes to use it. Not hydrated: nothing of its code runs before then.
 */
export function OnUse<P extends object>({ id, className, props, children, load, approach }: OnUseProps<P>) {
  const [Part, setPart] = useState<ComponentType<P> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once; the part's props come with its render
  useEffect(() => {
    if (!load) return;
    let live = true;
    onApproach(id, approach)
      .then(load)
      .then((loaded) => live && setPart(() => loaded))
      .catch((error: unknown) => console.warn(`[vehicle] ${id} did not load; its form still works without it`, error));
    return () => {
      live = false;
    };
  }, []);
  if (Part)
    return (
      <div className={className} id={id}>
        <Part {...props} />
      </div>
    );
  return (
    <ServerOnly className={className} id={id}>
      {children}
    </ServerOnly>
  );
}
