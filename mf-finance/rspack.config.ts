import { createRemoteConfig } from "../scripts/build/remote-config";

export default createRemoteConfig({
  packageDir: import.meta.dirname,
  // One line per exposed fragment: public module name -> component file.
  exposes: {
    "./RepaymentCalculator": "./src/fragments/repayment-calculator/RepaymentCalculator.tsx",
    "./FinanceBox": "./src/fragments/finance-box/FinanceBox.tsx",
    "./EstimatePanel": "./src/fragments/estimate-panel/EstimatePanel.tsx",
    "./BudgetFinder": "./src/fragments/budget-finder/BudgetFinder.tsx",
    "./PriceSlider": "./src/fragments/price-slider/PriceSlider.tsx",
  },
});
