import { createFragmentWorker } from "@dealer/shared/fragment-server";
import type { Env } from "./env";
import { repaymentEstimateFragment } from "./fragments/repayment-estimate/load.server";

export default createFragmentWorker<Env>({ remote: "mf-finance", fragments: { RepaymentEstimate: repaymentEstimateFragment } });
