import type { SiteConfig } from "@dealer/shared/config";

/** Stock priced over $1,000 by simple_body: how many, and the lowest and highest price. */
export type BodyStock = { body: string; count: number; min: number; max: number };

export type BudgetFinderProps = {
  bodies: BodyStock[];
  /** The site's vehicle word when no single body is chosen: Car, Motorcycle, Truck, Caravan. */
  vehicleNoun: string;
  budget: SiteConfig["budget"];
  wording: SiteConfig["labels"]["budgetEmptyWording"];
};
