import { useShellSite } from "../use-shell-site";

/** /success: shown after a lead form is submitted. */
export function SuccessPage() {
  const { site } = useShellSite();
  return (
    <section className="shell-page" aria-labelledby="success-title">
      <h1 id="success-title">Thank you</h1>
      <p>Your enquiry has been sent to {site.name}. A member of our team will be in touch shortly.</p>
      <p>
        <a className="button button--primary" href="/search">
          Keep browsing our stock
        </a>
      </p>
    </section>
  );
}
