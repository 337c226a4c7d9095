import { carSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import { DEFAULT_CALCULATOR_PRICE, priceDisplay } from "@dealer/shared/rules";
import { z } from "zod";
import type { Env } from "../../env";
import type { RepaymentEstimateProps } from "./props";
import RepaymentEstimate from "./RepaymentEstimate";

const rowSchema = z.object({ data: z.string() });

/** The car's shown price when it has one; otherwise the calculator's default price. */
export async function loadRepaymentEstimate(request: FragmentRequest, env: Env): Promise<RepaymentEstimateProps> {
  const { defaultInterestRate, establishmentFee, calculator } = request.config.finance;
  const finance = { defaultInterestRate, establishmentFee, calculator };
  const slug = request.params.slug;
  if (!slug) return { price: DEFAULT_CALCULATOR_PRICE, car: null, finance };

  const row = await env.DB.prepare("SELECT data FROM vehicles WHERE site = ? AND slug = ?").bind(request.site.slug, slug).first();
  if (!row) throw new FragmentNotFound(`No vehicle ${slug}`);
  const car = carSchema.parse(JSON.parse(rowSchema.parse(row).data));
  const shown = priceDisplay(car, request.config);
  return {
    price: shown.kind === "price" ? shown.amount : DEFAULT_CALCULATOR_PRICE,
    car: { id: car.id, title: car.name },
    finance,
  };
}

export const repaymentEstimateFragment: FragmentDefinition<RepaymentEstimateProps, Env> = {
  load: loadRepaymentEstimate,
  Component: RepaymentEstimate,
};
