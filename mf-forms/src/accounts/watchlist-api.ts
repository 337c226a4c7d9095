import { accountPostcodeRequestSchema, parseWithFieldErrors, savedSearchRequestSchema, watchlistRequestSchema } from "@dealer/shared/contract";
import { bodyLimit } from "@dealer/shared/http";
import { CAR_NOT_FOUND_MESSAGE, GARAGE_PATH, NOT_YOUR_NUMBER_MESSAGE, normaliseMobile, SIGNED_OUT_MESSAGE, watchlistToast } from "@dealer/shared/rules";
import { type Context, Hono } from "hono";
import type { Env } from "../env";
import { ACCOUNT_BODY_MAX_BYTES, type AccountRequest, isFailure, readAccountRequest, UNAVAILABLE_MESSAGE } from "./request";

type Ctx = Context<{ Bindings: Env }>;
type Answer = { status: 200 | 400 | 401 | 403 | 404 | 415 | 503; body: { success: boolean; message?: string; fieldErrors?: Record<string, string[]> } };

/** Reads the request and the signed-in session, then does the work; every failure is {success: false, message}. */
async function withSession(c: Ctx, work: (request: AccountRequest & { session: NonNullable<AccountRequest["session"]> }) => Promise<Answer>): Promise<Response> {
  let answer: Answer;
  try {
    const request = await readAccountRequest(c);
    if (isFailure(request)) answer = { status: request.status, body: { success: false, message: request.message, ...(request.fieldErrors ? { fieldErrors: request.fieldErrors } : {}) } };
    else if (!request.session) answer = { status: 401, body: { success: false, message: SIGNED_OUT_MESSAGE } };
    else answer = await work({ ...request, session: request.session });
  } catch (error) {
    console.error("[mf-forms] account request failed", error);
    answer = { status: 503, body: { success: false, message: UNAVAILABLE_MESSAGE } };
  }
  return c.json(answer.body, answer.status);
}

/** The watchlist body, checked against the session: the number must be the one signed in with. */
function watchlistCall(request: AccountRequest & { session: NonNullable<AccountRequest["session"]> }): { answer: Answer } | { carId: number } {
  const parsed = parseWithFieldErrors(watchlistRequestSchema, request.body);
  if (!parsed.ok) return { answer: { status: 400, body: { success: false, message: Object.values(parsed.fieldErrors)[0]?.[0], fieldErrors: parsed.fieldErrors } } };
  if (normaliseMobile(parsed.data.phone_number) !== request.session.phone) return { answer: { status: 403, body: { success: false, message: NOT_YOUR_NUMBER_MESSAGE } } };
  return { carId: parsed.data.car_id };
}

/**
 * The watchlist (search-and-vehicle.md §7): POST /api/watchlist/save-car and /remove-car {phone_number, car_id},
 * JSON only, for the signed-in shopper of this site: {success, message}; 401 signed out, 403 another number,
 * 404 a car this site does not have. Saved searches for My garage: POST /api/saved-searches {query} and
 * /api/saved-searches/remove {id} (also as plain form posts, answered with 303 to My garage or the search).
 * The account's postcode (ADR 0079): POST /api/account/postcode {postcode}, a 400 naming `postcode` when it is not an
 * Australian postcode; it prefills the drive-away estimate wherever the shopper signs in on this site.
 */
export function createWatchlistApi() {
  const app = new Hono<{ Bindings: Env }>();
  const limit = bodyLimit(ACCOUNT_BODY_MAX_BYTES);

  app.post("/api/watchlist/save-car", limit, (c) =>
    withSession(c, async (request): Promise<Answer> => {
      const call = watchlistCall(request);
      if ("answer" in call) return call.answer;
      const car = await c.env.DB.prepare("SELECT json_extract(data, '$.name') AS name FROM vehicles WHERE site = ? AND id = ?").bind(request.site.slug, call.carId).first<{ name: string | null }>();
      if (!car) return { status: 404, body: { success: false, message: CAR_NOT_FOUND_MESSAGE } };
      await c.env.DB.prepare("INSERT INTO watchlist_entries (user_id, car_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
        .bind(request.session.userId, call.carId, new Date().toISOString())
        .run();
      return { status: 200, body: { success: true, message: watchlistToast("saved", car.name ?? "The car").body } };
    }),
  );

  app.post("/api/watchlist/remove-car", limit, (c) =>
    withSession(c, async (request): Promise<Answer> => {
      const call = watchlistCall(request);
      if ("answer" in call) return call.answer;
      // A car gone from stock can still be taken off the list.
      await c.env.DB.prepare("DELETE FROM watchlist_entries WHERE user_id = ? AND car_id = ?").bind(request.session.userId, call.carId).run();
      return { status: 200, body: { success: true } };
    }),
  );

  const afterForm = (request: AccountRequest, response: Response, to: string) =>
    request.format === "form" && response.status === 200 ? new Response(null, { status: 303, headers: { location: to } }) : response;

  app.post("/api/saved-searches", limit, async (c) => {
    let query = "";
    let request: AccountRequest | null = null;
    const response = await withSession(c, async (signedIn) => {
      request = signedIn;
      const parsed = parseWithFieldErrors(savedSearchRequestSchema, signedIn.body);
      if (!parsed.ok) return { status: 400, body: { success: false, message: "Invalid search", fieldErrors: parsed.fieldErrors } };
      query = new URLSearchParams(parsed.data.query.replace(/^\?/, "")).toString();
      await c.env.DB.prepare("INSERT INTO saved_searches (user_id, query, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
        .bind(signedIn.session.userId, query, new Date().toISOString())
        .run();
      return { status: 200, body: { success: true, message: "Search saved" } };
    });
    return request ? afterForm(request, response, `/search${query ? `?${query}` : ""}#search-saved`) : response;
  });

  app.post("/api/saved-searches/remove", limit, async (c) => {
    let request: AccountRequest | null = null;
    const response = await withSession(c, async (signedIn) => {
      request = signedIn;
      const id = Number(typeof signedIn.body.id === "number" || typeof signedIn.body.id === "string" ? signedIn.body.id : Number.NaN);
      if (!Number.isSafeInteger(id)) return { status: 400, body: { success: false, message: "Invalid search", fieldErrors: { id: ["Expected a saved search id."] } } };
      await c.env.DB.prepare("DELETE FROM saved_searches WHERE id = ? AND user_id = ?").bind(id, signedIn.session.userId).run();
      return { status: 200, body: { success: true } };
    });
    return request ? afterForm(request, response, `${GARAGE_PATH}#saved-searches`) : response;
  });

  app.post("/api/account/postcode", limit, (c) =>
    withSession(c, async (signedIn) => {
      const parsed = parseWithFieldErrors(accountPostcodeRequestSchema, signedIn.body);
      if (!parsed.ok) return { status: 400, body: { success: false, message: parsed.fieldErrors.postcode?.[0] ?? "Invalid postcode", fieldErrors: parsed.fieldErrors } };
      // The user row is the session's own, which is this site's (users are per site): no other site's account is touched.
      await c.env.DB.prepare("UPDATE users SET postcode = ? WHERE id = ? AND site = ?").bind(parsed.data.postcode, signedIn.session.userId, signedIn.site.slug).run();
      return { status: 200, body: { success: true } };
    }),
  );

  return app;
}
