import { STAFF_CODE_SENT, STAFF_PATHS } from "@dealer/shared/staff";
import { buttonClass } from "@dealer/shared/ui";
import { Page } from "./page";

/** The sign-in page's two steps: the work e-mail, then the code e-mailed to it. */
export function SignInPage({ buildId, step, email, message, next }: { buildId: string; step: "email" | "code"; email: string; message: string | null; next: string }) {
  return (
    <Page title="Dealer sign-in" buildId={buildId}>
      <h1>Dealer sign-in</h1>
      {message && (
        <p role={step === "code" && message === STAFF_CODE_SENT ? "status" : "alert"} id="sign-in-message" className={message === STAFF_CODE_SENT ? "console-notice" : "console-errors"}>
          {message}
        </p>
      )}
      {step === "email" ? (
        <form method="post" action={STAFF_PATHS.signIn} className="console-form">
          <input type="hidden" name="next" value={next} />
          <div className="field">
            <label className="field__label" htmlFor="staff-email">
              Work e-mail
            </label>
            <input className="ui-input" id="staff-email" name="email" type="email" autoComplete="username" required defaultValue={email} />
          </div>
          <button type="submit" className={buttonClass({ variant: "primary" })}>
            E-mail me a code
          </button>
        </form>
      ) : (
        <form method="post" action={STAFF_PATHS.verify} className="console-form">
          <input type="hidden" name="next" value={next} />
          <input type="hidden" name="email" value={email} />
          <div className="field">
            <label className="field__label" htmlFor="staff-code">
              Code from the e-mail
            </label>
            <input className="ui-input" id="staff-code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />
          </div>
          <button type="submit" className={buttonClass({ variant: "primary" })}>
            Sign in
          </button>
        </form>
      )}
    </Page>
  );
}
