import { buttonClass } from "@dealer/shared/ui";
import { expect, it } from "vitest";
import { SUBMIT_BUTTON_CLASS } from "./submit-button";

it("the forms' submit button is the design system's large primary block button", () => {
  expect(SUBMIT_BUTTON_CLASS).toBe(buttonClass({ variant: "primary", size: "lg", block: true }, "enquiry-form__submit"));
});
