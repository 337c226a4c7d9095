export type UnsubscribeProps = { token: string | null; state: "ask" | "done" | "unknown" };

/** The page an alert's link opens: one button stops the alerts (a plain form post; a link preview cannot do it). */
export default function Unsubscribe({ token, state }: UnsubscribeProps) {
  return (
    <section className="garage" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Price-drop and sold alerts</h1>
      {state === "done" && <p role="status">You're unsubscribed: we won't text you alerts any more.</p>}
      {state === "unknown" && <p role="alert">This unsubscribe link is not valid. Sign in and turn alerts off in My garage.</p>}
      {state === "ask" && token && (
        <form method="post" action="/api/alerts/unsubscribe">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button button--primary">
            Unsubscribe
          </button>
        </form>
      )}
    </section>
  );
}
