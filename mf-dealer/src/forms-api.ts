import type { Context } from "hono";
import type { Env } from "./env";

/** A JSON body, or a multipart form (its content type, with the boundary, comes from the body itself). */
type Init = { method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE"; json?: unknown; form?: FormData };

/**
 * A call to another remote's API through its service binding (ADR 0069, 0078), as the browser's own request: the same
 * Host (the tenant), the staff member's cookie and the client's address (its rate limits count per client). The
 * remote decides for itself who may do what; the console only renders its answers.
 */
async function remoteApi(c: Context<{ Bindings: Env }>, binding: Fetcher | undefined, service: string, path: string, init: Init): Promise<Response> {
  const unavailable = () => Response.json({ message: `The ${service} service is unavailable. Please try again in a moment.` }, { status: 503 });
  if (!binding) return unavailable();
  const headers = new Headers({ host: c.req.header("host") ?? "" });
  for (const name of ["cookie", "cf-connecting-ip"]) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const body = init.json === undefined ? init.form : JSON.stringify(init.json);
  try {
    return await binding.fetch(new Request(new URL(path, "https://remote"), { method: init.method ?? "GET", headers, body }));
  } catch (error) {
    console.error(`[mf-dealer] ${service} unreachable: ${error instanceof Error ? error.message : String(error)}`);
    return unavailable();
  }
}

/** mf-forms' lead, sign-in and invitation APIs. */
export const formsApi = (c: Context<{ Bindings: Env }>, path: string, init: Init = {}) => remoteApi(c, c.env.MF_FORMS, "lead", path, init);
/** mf-search's stock API: a car's photos (ADR 0075, 0078). */
export const stockApi = (c: Context<{ Bindings: Env }>, path: string, init: Init = {}) => remoteApi(c, c.env.MF_SEARCH, "stock", path, init);

/** An API answer's message and field errors (a JSON body of {message, fieldErrors}); empty when it has none. */
export async function answerOf(response: Response): Promise<{ message: string; fieldErrors: Record<string, string[]>; body: Record<string, unknown> }> {
  const read: unknown = await response.json().catch(() => ({}));
  const body = typeof read === "object" && read !== null ? (read as Record<string, unknown>) : {};
  const fieldErrors = typeof body.fieldErrors === "object" && body.fieldErrors !== null ? (body.fieldErrors as Record<string, string[]>) : {};
  return { message: typeof body.message === "string" ? body.message : "", fieldErrors, body };
}
