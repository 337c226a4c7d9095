import { createFragmentWorker } from "@dealer/shared/fragment-server";
import type { Env } from "./env";
import { enquiryFormFragment } from "./fragments/enquiry-form/load.server";
import { createLeadApi } from "./leads/api";

const app = createFragmentWorker<Env>({ remote: "mf-forms", fragments: { EnquiryForm: enquiryFormFragment } });
app.route("/", createLeadApi());

export default app;
