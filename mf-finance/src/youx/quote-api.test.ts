import { defaultSiteConfig } from "@dealer/shared/config";
import { amortisedPayment, monthlyToWeekly } from "@dealer/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
import { insertSite } from "../../../db/test-support/fragment-request";
import type { Env } from "../env";
import { createQuoteApi } from "./quote-api";
import { httpQuoteProvider, localQuoteProvider } from "./quote-provider";

let db: D1Database;
let dispose: () => Promise<void>;
const body = { selfAssessedCreditScore: "GREAT", purchasePrice: 30000, loanTerm: 5, year: 2022, vin: null, nvic: null, whoIsHelping: "" };

function post(app: ReturnType<typeof createQuoteApi>, payload: unknown, host = "fee-site.localhost:8787") {
  const request = new Request("http://x/api/youx/quote", { method: "POST", headers: { host, "content-type": "application/json" }, body: typeof payload === "string" ? payload : JSON.stringify(payload) });
  return app.fetch(request, { DB: db } as Env);
}

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertSite(db, "fee-site", { finance: { defaultInterestRate: 8.5, establishmentFee: 1360.5 } });
});
afterAll(() => dispose());

describe("POST /api/youx/quote", () => {
  it("answers the local quote from the site's rate and fee", async () => {
    const response = await post(createQuoteApi(), body);
    expect(response.status).toBe(200);
    const quote = (await response.json()) as { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number };
    expect(quote.advertisedRate).toBe(8.5);
    expect(quote.comparisonRate).toBeGreaterThan(8.5);
    expect(quote.weeklyRepaymentAmount).toBeCloseTo(monthlyToWeekly(amortisedPayment(31360.5, 8.5, 5, 12)), 2);
  });

  it("refuses bad bodies with 400 and names the field; an unknown site is 404", async () => {
    const app = createQuoteApi();
    for (const bad of [null, "not json", {}, { ...body, purchasePrice: -1 }, { ...body, purchasePrice: "30000" }, { ...body, purchasePrice: 1e308 }, { ...body, loanTerm: 3 }, { ...body, selfAssessedCreditScore: "POOR" }]) {
      const response = await post(app, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    expect(((await (await post(app, { ...body, purchasePrice: 0 })).json()) as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty("purchasePrice");
    expect((await post(app, body, "nobody.localhost")).status).toBe(404);
  });

  it("goes through the HTTP adapter when configured; a failing or odd provider means no quote (502)", async () => {
    const answer = { weeklyRepaymentAmount: 150.5, advertisedRate: 7.9, comparisonRate: 8.4 };
    const seen: Request[] = [];
    const fetcher = (reply: () => Promise<Response>) => (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return reply();
    }) as typeof fetch;
    const via = (reply: () => Promise<Response>) => createQuoteApi(() => httpQuoteProvider("https://lender.example/quote", "secret", fetcher(reply)));

    const ok = await post(via(async () => Response.json(answer)), body);
    expect(await ok.json()).toEqual(answer);
    expect(seen[0]?.headers.get("authorization")).toBe("Bearer secret");
    expect(await seen[0]?.json()).toEqual(body);
    expect((await post(via(async () => new Response("down", { status: 503 })), body)).status).toBe(502);
    expect((await post(via(async () => Response.json({ weekly: 1 })), body)).status).toBe(502);
    expect((await post(via(async () => Promise.reject(new Error("offline"))), body)).status).toBe(502);
  });

  it("the local provider quotes the rate itself when there is no fee", async () => {
    const quote = await localQuoteProvider({ ...body, selfAssessedCreditScore: "GREAT", loanTerm: 5, whoIsHelping: "" } as const, { ...defaultSiteConfig.finance, defaultInterestRate: 10, establishmentFee: 0 });
    expect(quote).toMatchObject({ advertisedRate: 10, comparisonRate: 10 });
  });
});
