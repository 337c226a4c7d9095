/**
 * Everything submitting the form needs that pulls in zod: the lead schema the API validates with,
 * its react-hook-form resolver and the POST. Imported only through load-submission.ts, so the form
 * renders and hydrates without it.
 */
export { leadFormValuesSchema } from "../../leads/form-schema";
export { submitLead } from "./submit-lead";
export { zodResolver } from "./zod-resolver";
