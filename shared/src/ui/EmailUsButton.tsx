/**
 * The Email Us dialog's trigger, shared by the remotes that show it (search cards, the vehicle sidebar)
 * while the dialog itself belongs to mf-forms (ADR 0021). The trigger is a plain link to the car's
 * inline enquiry form, so it works before any script; once the shell runs, it opens the dialog in place:
 * the shell listens for clicks on EMAIL_US_ATTRIBUTE and loads mf-forms' EmailUsDialog on demand.
 * No remote imports another's code, and a card needs no JavaScript of its own for it.
 */
export const EMAIL_US_ATTRIBUTE = "data-email-us";
export const EMAIL_US_TITLE = "Email Us";
/** The inline enquiry form's anchor on the vehicle page (its slot id). */
export const ENQUIRY_FORM_ANCHOR = "#slot-enquiry";

type Props = {
  /** The car the enquiry is about. */
  slug: string;
  /** The link text: 'Email Us' on cards, the dealer's enquire label in the sidebar. */
  label?: string;
  /** Its accessible name when the text alone does not say which car (a card among many). */
  ariaLabel?: string;
  /** Where it goes without the dialog: the car's inline enquiry form. */
  href?: string;
  className?: string;
};

export function EmailUsButton({ slug, label = EMAIL_US_TITLE, ariaLabel, href = `/cars/${encodeURIComponent(slug)}${ENQUIRY_FORM_ANCHOR}`, className = "email-us-button" }: Props) {
  return (
    <a className={className} href={href} aria-haspopup="dialog" aria-label={ariaLabel} {...{ [EMAIL_US_ATTRIBUTE]: slug }}>
      {label}
    </a>
  );
}
