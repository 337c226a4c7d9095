import type { Context } from "hono";
import type { Env } from "./env";

/**
 * A call to one of mf-forms' APIs through the MF_FORMS service binding (ADR 0069), as the browser's own request:
 * the same Host (the tenant), the staff member's cookie and the client's address (its rate limits count per
 * client). mf-forms decides for itself who may do what; the console only renders its answers.
 */
export async function formsApi(c: Context<{ Bindings: Env }>, path: string, init: { method?: "GET" | "POST" | "PATCH"; json?: unknown } = {}): Promise<Response> {
  if (!c.env.MF_FORMS) return Response.json({ message: "The lead service is unavailable. Please try again in a moment." }, { status: 503 });
  const headers = new Headers({ host: c.req.header("host") ?? "" });
  for (const name of ["cookie", "cf-connecting-ip"]) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  if (init.json !== undefined) headers.set("content-type", "application/json");
  try {
    return await c.env.MF_FORMS.fetch(new Request(new URL(path, "https://mf-forms"), { method: init.method ?? "GET", headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) }));
  } catch (error) {
    console.error(`[mf-dealer] mf-forms unreachable: ${error instanceof Error ? error.message : String(error)}`);
    return Response.json({ message: "The lead service is unavailable. Please try again in a moment." }, { status: 503 });
  }
}

/** An API answer's message and field errors (a JSON body of {message, fieldErrors}); empty when it has none. */
export async function answerOf(response: Response): Promise<{ message: string; fieldErrors: Record<string, string[]>; body: Record<string, unknown> }> {
  const read: unknown = await response.json().catch(() => ({}));
  const body = typeof read === "object" && read !== null ? (read as Record<string, unknown>) : {};
  const fieldErrors = typeof body.fieldErrors === "object" && body.fieldErrors !== null ? (body.fieldErrors as Record<string, string[]>) : {};
  return { message: typeof body.message === "string" ? body.message : "", fieldErrors, body };
}
