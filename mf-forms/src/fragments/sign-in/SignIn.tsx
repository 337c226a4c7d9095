import type { SignInProps } from "./props";

export type { SignInProps } from "./props";

/** What the shopper was doing when sign-in was asked for (the `type` parameter). */
const REASONS: Record<string, string> = {
  watchlist: "Sign in to save cars to your watchlist.",
  garage: "Sign in to see your garage: your watchlist, saved searches and enquiries.",
  checkout: "Sign in to reserve this car online.",
  finance: "Sign in for your personalised finance quote.",
  "credit-check": "Sign in to check your credit score with our finance team.",
};
const DEFAULT_REASON = "Sign in with your mobile number. We'll text you a code: no password needed.";

/**
 * Sign-in by phone (ADR 0016): two plain forms the API answers with 303, so it works without a script.
 * Step one texts a code to the number; step two checks it and goes on to `redirect`.
 */
export default function SignIn({ step, phone, error, type, redirect, back }: SignInProps) {
  const keep = (
    <>
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="redirect" value={redirect} />
      <input type="hidden" name="back" value={back} />
    </>
  );
  const errorId = "sign-in-error";
  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      <p className="sign-in__reason">{REASONS[type] ?? DEFAULT_REASON}</p>
      {error && (
        <p id={errorId} className="sign-in__error" role="alert">
          {error}
        </p>
      )}
      {step === "code" ? (
        <form className="sign-in__form" method="post" action="/api/auth/verify">
          {keep}
          <input type="hidden" name="phone" value={phone} />
          <p>
            We texted a code to <strong>{phone}</strong>.
          </p>
          <label htmlFor="sign-in-code">Code</label>
          <input
            id="sign-in-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className="button button--primary">
            Sign in
          </button>
          <p className="sign-in__again">
            <a href={`/sign-in?${new URLSearchParams({ type, redirect, back, phone }).toString()}`}>Use another number or send a new code</a>
          </p>
        </form>
      ) : (
        <form className="sign-in__form" method="post" action="/api/auth/request-code">
          {keep}
          <label htmlFor="sign-in-phone">Mobile number</label>
          <input
            id="sign-in-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={phone}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className="button button--primary">
            Text me a code
          </button>
        </form>
      )}
      <p className="sign-in__back">
        <a href={back}>Back</a>
      </p>
    </section>
  );
}
