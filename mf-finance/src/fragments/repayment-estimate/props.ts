import type { SiteConfig } from "@dealer/shared/config";

/** RepaymentEstimate's props: plain JSON resolved by the loader. */
export type RepaymentEstimateProps = {
  /** Starting price: the car's price, else the calculator default (30000). */
  price: number;
  /** Set on a vehicle page. */
  car: { id: number; title: string } | null;
  finance: Pick<SiteConfig["finance"], "defaultInterestRate" | "establishmentFee" | "calculator">;
};
