import { SUCCESS_DETAILS_ID } from "@dealer/shared/visit";
import { useShellSite } from "../use-shell-site";

/** /success: shown after a lead form is submitted. */
export function SuccessPage() {
  const { site } = useShellSite();
  return (
    <section className="shell-page" aria-labelledby="success-title">
      <h1 id="success-title">Thank you</h1>
      {/* The shell puts what the lead's answer said here: the receipt sent, the booking, what happens next. */}
      <div id={SUCCESS_DETAILS_ID} aria-live="polite">
        <p>Your enquiry has been sent to {site.name}. A member of our team will be in touch shortly.</p>
      </div>
      <p>
        <a className="button button--primary" href="/search">
          Keep browsing our stock
        </a>
      </p>
    </section>
  );
}
