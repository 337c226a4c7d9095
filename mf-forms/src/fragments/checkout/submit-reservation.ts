import { reservationRequestSchema } from "@dealer/shared/contract";
import { FORM_SUBMIT_ERROR } from "@dealer/shared/rules";
import { createFormControl, type FieldValues } from "react-hook-form";
import { BOOLEAN_FIELDS } from "../../leads/variants";
import { flattenFieldErrors, zodResolver } from "../enquiry-form/zod-resolver";

export type ReserveUi = { errors(errors: Record<string, string>): void; failed(message: string): void; submitting(busy: boolean): void };


/**
 * The checkout form with its script (loaded on first focus or submit): react-hook-form validates the
 * server-rendered fields with the API's own zod schema, then the reservation is posted as JSON with an
 * Idempotency-Key and the shopper goes on to the payment page; a refusal (the car was just reserved) is shown in place.
 */
export function enhanceReserveForm(form: HTMLFormElement, ui: ReserveUi) {
  const control = createFormControl<FieldValues>({ resolver: zodResolver(reservationRequestSchema), mode: "onSubmit", reValidateMode: "onChange", shouldFocusError: true });
  for (const element of form.querySelectorAll<HTMLInputElement>("input[name]")) {
    const name = element.name;
    if (name === "website" || name === "idempotency_key") continue;
    const field = control.register(name, BOOLEAN_FIELDS.has(name) ? {} : { setValueAs: (value: unknown) => (value === "" ? undefined : value) });
    field.ref(element);
    element.addEventListener(element.type === "checkbox" ? "change" : "input", (event) => void field.onChange(event));
  }
  control.subscribe({ formState: { errors: true }, callback: () => ui.errors(flattenFieldErrors(control.control._formState.errors)) });
  const key = crypto.randomUUID();

  const post = async (data: FieldValues) => {
    const response = await fetch("/api/reservations", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify(data),
    }).catch(() => null);
    const answer = (await response?.json().catch(() => null)) as { next_url?: string; message?: string; fieldErrors?: Record<string, string[]> } | null;
    if (response?.ok && answer?.next_url) {
      window.location.assign(answer.next_url);
      return;
    }
    ui.submitting(false);
    const fieldErrors = Object.fromEntries(Object.entries(answer?.fieldErrors ?? {}).map(([path, messages]) => [path, messages[0] ?? ""]));
    ui.errors(fieldErrors);
    ui.failed(answer?.message ?? FORM_SUBMIT_ERROR);
  };

  return {
    async submit() {
      ui.submitting(true);
      await control.handleSubmit(post, () => {
        ui.errors(flattenFieldErrors(control.control._formState.errors));
        ui.submitting(false);
      })();
    },
  };
}
