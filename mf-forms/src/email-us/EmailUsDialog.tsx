import { EMAIL_US_TITLE } from "@dealer/shared/email-us";
import { type KeyboardEvent, useEffect, useRef } from "react";
import EnquiryForm from "../fragments/enquiry-form/EnquiryForm";
import type { EnquiryFormProps } from "../fragments/enquiry-form/props";

export type EmailUsDialogProps = {
  /** The car's enquiry form as the vehicle page's enquiry slot would render it (its enquiry defaults). */
  form: EnquiryFormProps;
  /** Called once the dialog has closed; the opener puts focus back on the button that opened it. */
  onClose: () => void;
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Elements Tab can reach inside the dialog, in order (hidden steps and the honeypot are not reachable). */
function tabbable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

/**
 * The spec's enquiry dialog, titled Email Us: a modal <dialog> (the page behind is inert) holding the car's
 * enquiry form. Focus starts on the first field, Tab and Shift+Tab stay inside, Escape or Close closes it.
 * Client-only: the shell loads this module on demand when an Email Us button is approached or clicked.
 */
export default function EmailUsDialog({ form, onClose }: EmailUsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    element.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), select, textarea")?.focus();
    return () => element.close();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !dialog.current) return;
    // showModal keeps focus out of the page, but Tab would still leave for the browser's own controls.
    const reachable = tabbable(dialog.current);
    const first = reachable[0];
    const last = reachable[reachable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="email-us-dialog"
      aria-labelledby="email-us-title"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: close through React so the opener restores focus.
        event.preventDefault();
        onClose();
      }}
    >
      <div className="email-us-dialog__header">
        <h2 id="email-us-title" className="email-us-dialog__title">
          {EMAIL_US_TITLE}
        </h2>
        <button type="button" className="button button--tertiary button--icon email-us-dialog__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <EnquiryForm {...form} idPrefix="email-us" />
    </dialog>
  );
}
