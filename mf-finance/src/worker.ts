import { createFragmentWorker } from "@dealer/shared/fragment-server";
import type { Env } from "./env";
import { budgetFinderFragment } from "./fragments/budget-finder/load.server";
import { estimatePanelFragment } from "./fragments/estimate-panel/load.server";
import { financeBoxFragment } from "./fragments/finance-box/load.server";
import { priceSliderFragment } from "./fragments/price-slider/load.server";
import { repaymentCalculatorFragment } from "./fragments/repayment-calculator/load.server";
import { createQuoteApi } from "./youx/quote-api";

const app = createFragmentWorker<Env>({
  remote: "mf-finance",
  fragments: {
    RepaymentCalculator: repaymentCalculatorFragment,
    FinanceBox: financeBoxFragment,
    EstimatePanel: estimatePanelFragment,
    BudgetFinder: budgetFinderFragment,
    PriceSlider: priceSliderFragment,
  },
});
app.route("/", createQuoteApi());

export default app;
