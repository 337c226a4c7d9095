import { carSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import { enquiryDefaultsForCar, isSold } from "@dealer/shared/rules";
import { z } from "zod";
import type { Env } from "../../env";
import { type FormKind, formKindSchema } from "../../leads/form-schema";
import EnquiryForm from "./EnquiryForm";
import type { EnquiryFormProps } from "./props";

const rowSchema = z.object({ data: z.string() });

const HEADINGS: Record<FormKind, string> = { enquiry: "Send us an enquiry", test_drive: "Book a test drive", trade_in: "Get a trade-in valuation" };

async function findCar(request: FragmentRequest, env: Env, slug: string) {
  const row = await env.DB.prepare("SELECT data FROM vehicles WHERE site = ? AND slug = ?").bind(request.site.slug, slug).first();
  if (!row) throw new FragmentNotFound(`No vehicle ${slug}`);
  return carSchema.parse(JSON.parse(rowSchema.parse(row).data));
}

export async function loadEnquiryForm(request: FragmentRequest, env: Env): Promise<EnquiryFormProps> {
  const kind = formKindSchema.safeParse(request.params.kind ?? "enquiry");
  if (!kind.success) throw new FragmentNotFound(`No form ${request.params.kind}`);
  const base = { kind: kind.data, submitText: request.config.labels.submitText, forms: request.config.forms };
  const slug = request.params.slug;
  if (!slug) return { ...base, heading: HEADINGS[kind.data], car: null, defaults: { message: "", subcategory: null } };

  const car = await findCar(request, env, slug);
  const defaults = enquiryDefaultsForCar(car, request.config.forms.optInDefault);
  return {
    ...base,
    heading: isSold(car.status) ? "Find Me Something Similar" : kind.data === "enquiry" ? `Enquire about this ${car.name}` : HEADINGS[kind.data],
    car: { id: car.id, dealershipId: car.dealership_id, title: car.name },
    defaults: { message: defaults.message, subcategory: defaults.subcategory ?? null },
  };
}

export const enquiryFormFragment: FragmentDefinition<EnquiryFormProps, Env> = {
  load: loadEnquiryForm,
  Component: EnquiryForm,
};
