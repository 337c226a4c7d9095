import { defaultSiteConfig } from "@dealer/shared/config";
import { budgetFromRepayment } from "@dealer/shared/rules";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import BudgetFinder from "./BudgetFinder";
import type { BudgetFinderProps } from "./props";

const bodies = [
  { body: "SUV", count: 40, min: 25000, max: 90000 },
  { body: "Sedan", count: 30, min: 20000, max: 60000 },
  { body: "Hatch", count: 30, min: 15000, max: 40000 },
  { body: "Ute", count: 10, min: 35000, max: 80000 },
  { body: "Van", count: 5, min: 30000, max: 50000 },
];
const props: BudgetFinderProps = { bodies, vehicleNoun: "Car", budget: defaultSiteConfig.budget, wording: "noneFound" };

describe("BudgetFinder", () => {
  it("starts at 200 weekly and a 2000 deposit: budget 54,000, linked to the search within it", () => {
    const html = renderToString(<BudgetFinder {...props} />);
    expect(budgetFromRepayment(200, "weekly", 2000)).toBe(54000);
    expect(html).toContain("Find cars for your budget");
    expect(html).toContain(">$54,000<");
    expect(html).toContain('value="200"');
    expect(html).toContain('value="2,000"');
    expect(html).toContain('href="/search?range%5Bprice%5D=:54000">View Cars In This Range</a>');
  });

  it("offers the 4 most stocked body types (count, then name descending), 20 with custom bodies", () => {
    const html = renderToString(<BudgetFinder {...props} />);
    expect(html).toContain("Select your preferred car types");
    expect([...html.matchAll(/aria-pressed="false">([^<]+)</g)].map((m) => m[1])).toEqual(["SUV", "Sedan", "Hatch", "Ute"]);
    const custom = renderToString(<BudgetFinder {...props} budget={{ ...props.budget, customBodies: true }} />);
    expect(custom).toContain(">Van<");
  });

  it("disables the button with the dealer's wording when the budget is below the lowest price", () => {
    const pricey = bodies.map((entry) => ({ ...entry, min: entry.min + 50000 }));
    expect(renderToString(<BudgetFinder {...props} bodies={pricey} />)).toMatch(/<button[^>]*disabled="">No Cars found for this budget<\/button>/);
    expect(renderToString(<BudgetFinder {...props} bodies={pricey} wording="zeroFound" vehicleNoun="Truck" />)).toContain(">0 Trucks Found<");
  });
});
