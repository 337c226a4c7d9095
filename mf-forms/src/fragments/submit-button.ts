/**
 * Every form's submit, next and accept button: the design system's large primary button, full width (its classes,
 * docs/design.md). Written out rather than built with buttonClass, so a fragment that needs only this pulls no
 * component code into its chunk.
 */
export const SUBMIT_BUTTON_CLASS = "button button--primary button--lg button--block enquiry-form__submit";
