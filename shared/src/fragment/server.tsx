import { Hono } from "hono";
import { Provider } from "jotai";
import type { ComponentType } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createSeededStore } from "../atoms";
import { DEV_FAULT_HEADER, isLocalDev, devFragmentDelayMs } from "./dev-faults";
import { slotIdPrefix } from "./ids";
import { parseFragmentRequest } from "./request-parse";
import {
  ANY_ADDRESS_DATA,
  BUILD_ID_HEADER,
  FRAGMENT_DATA_HEADER,
  type FragmentRequest,
  propsScriptTag,
  type RemoteName,
  REQUEST_ONLY_DATA,
  SHOWN_CARS_HEADER,
  SLOT_CLOSE_TAG,
  slotOpenTag,
} from "./index";

export { onePerRequest } from "./per-request";

/** Thrown by a loader when the thing asked for does not exist; answered with 404. */
export class FragmentNotFound extends Error {}

export type FragmentDefinition<Props, Env> = {
  load: (request: FragmentRequest, env: Env) => Promise<Props>;
  Component: ComponentType<Props>;
  /**
   * The props the browser gets (beside the slot, and from /props for a fallback slot); all of them by default.
   * A fragment whose server-only sections need data the browser never uses leaves that data out here.
   */
  clientProps?: (props: Props) => unknown;
  /**
   * Set when the markup is decided by the request and one data set: the version of that data this render will read
   * (the request's site's stock, `stock:{site}:{version}`, REQUEST_ONLY_DATA or ANY_ADDRESS_DATA), sent as FRAGMENT_DATA_HEADER so
   * the gateway may keep the markup. Read before the load: markup newer than the version it names is only ever a
   * miss, never stale. Undefined: this render is not to be kept.
   */
  dataVersion?: (request: FragmentRequest, env: Env) => Promise<string | undefined>;
  /** For a slot of search results: the cars it shows, sent as SHOWN_CARS_HEADER for the gateway to count. */
  shownCars?: (props: Props) => readonly number[];
};

/** For a fragment whose markup the request alone decides (the shopper's own lists render in the browser). */
export const requestOnly = async (): Promise<string> => REQUEST_ONLY_DATA;
/** For a fragment whose markup the request decides without its address (the same frame on every page). */
export const requestOnlyAnyAddress = async (): Promise<string> => ANY_ADDRESS_DATA;

/** Bindings every remote Worker has; a remote adds its own (e.g. DB). */
export type RemoteEnv = {
  ASSETS: { fetch(input: URL | Request | string): Promise<Response> };
  BUILD_ID: string;
  /** "on" only in local `.dev.vars` (dev-faults.ts). */
  LOCAL_DEV?: string;
};

// biome-ignore lint/suspicious/noExplicitAny: a registry holds fragments of different props types
type AnyFragment<Env> = FragmentDefinition<any, Env>;

function browserProps<Env>(fragment: AnyFragment<Env>, props: unknown): unknown {
  return fragment.clientProps ? fragment.clientProps(props) : props;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The server half of the fragment protocol (see ./index.ts), identical for every remote:
 * render a fragment into slot markup, answer its props as JSON, and serve the remote's
 * build-id-versioned client assets.
 */
export function createFragmentWorker<Env extends RemoteEnv>(options: {
  remote: RemoteName;
  fragments: Record<string, AnyFragment<Env>>;
}) {
  const app = new Hono<{ Bindings: Env }>();
  const { remote, fragments } = options;

  const fragmentNamed = (name: string) => (Object.hasOwn(fragments, name) ? fragments[name] : undefined);

  async function parseRequest(raw: unknown, name: string) {
    const fragment = fragmentNamed(name);
    if (!fragment) return { error: { status: 404 as const, body: { message: `Unknown fragment ${name}` } } };
    const parsed = parseFragmentRequest(raw);
    if (!parsed.ok) return { error: { status: 400 as const, body: { message: "Invalid fragment request", fieldErrors: parsed.fieldErrors } } };
    return { fragment, request: parsed.data };
  }

  async function loadProps(fragment: AnyFragment<Env>, request: FragmentRequest, env: Env) {
    try {
      return { props: await fragment.load(request, env) };
    } catch (error) {
      if (error instanceof FragmentNotFound) return { notFound: error.message };
      throw error;
    }
  }

  app.get("/health", (c) => c.json({ remote, build: c.env.BUILD_ID }));

  app.post("/fragments/:name", async (c) => {
    const name = c.req.param("name");
    const parsed = await parseRequest(await c.req.json().catch(() => null), name);
    if ("error" in parsed && parsed.error) return c.json(parsed.error.body, parsed.error.status);
    const { fragment, request } = parsed;
    const delay = devFragmentDelayMs(c.req.header(DEV_FAULT_HEADER), remote, isLocalDev(c.env));
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    // A thing that does not exist is the load's 404, whichever of the two reads it first.
    const dataVersion = await fragment.dataVersion?.(request, c.env).catch((error: unknown) => {
      if (error instanceof FragmentNotFound) return undefined;
      throw error;
    });
    const loaded = await loadProps(fragment, request, c.env);
    if ("notFound" in loaded) return c.json({ message: loaded.notFound }, 404);

    const store = createSeededStore({ site: request.site, config: request.config, session: request.session });
    const { Component } = fragment;
    let renderFailed = false;
    const html = await renderToReadableStream(
      <Provider store={store}>
        <Component {...loaded.props} />
      </Provider>,
      {
        identifierPrefix: slotIdPrefix(request.slot),
        // A fragment is written whole into the page: React's production build would otherwise move a Suspense
        // boundary past 12.8 KB of markup to the end and reveal it with an inline script, which the page's
        // script policy (a nonce the remote never sees) blocks, leaving the boundary hidden.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error) => {
          renderFailed = true;
          console.error(`[${remote}] render error`, error);
        },
      },
    );
    const marker = { slot: request.slot, remote, fragment: name, build: c.env.BUILD_ID, fallback: false, hydrate: request.hydrate };
    const encoder = new TextEncoder();
    const body = html.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        // The gateway puts the fragment's styles in the page's head (it knows the route's slots).
        start: (controller) => controller.enqueue(encoder.encode(slotOpenTag(marker))),
        flush: (controller) =>
          controller.enqueue(encoder.encode(SLOT_CLOSE_TAG + propsScriptTag(request.slot, browserProps(fragment, loaded.props)))),
      }),
    );
    const headers = new Headers({ "content-type": "text/html; charset=utf-8", [BUILD_ID_HEADER]: c.env.BUILD_ID });
    const shown = fragment.shownCars?.(loaded.props) ?? [];
    if (shown.length) headers.set(SHOWN_CARS_HEADER, shown.join(","));
    if (dataVersion === undefined) return new Response(body, { headers });
    // Named only once the whole render succeeded: markup with a failed part is never kept. The gateway reads a
    // slot whole before writing it, so waiting for the end here costs the page nothing.
    const markup = await new Response(body).text();
    if (!renderFailed) headers.set(FRAGMENT_DATA_HEADER, dataVersion);
    return new Response(markup, { headers });
  });

  app.post("/props/:name", async (c) => {
    const parsed = await parseRequest(await c.req.json().catch(() => null), c.req.param("name"));
    if ("error" in parsed && parsed.error) return c.json(parsed.error.body, parsed.error.status);
    const loaded = await loadProps(parsed.fragment, parsed.request, c.env);
    if ("notFound" in loaded) return c.json({ message: loaded.notFound }, 404);
    return c.json(browserProps(parsed.fragment, loaded.props), 200, { [BUILD_ID_HEADER]: c.env.BUILD_ID });
  });

  // Client assets: /_mf/{remote}/{build}/file -> ASSETS /{build}/file; "latest" is this deploy's build.
  app.get(`/_mf/${remote}/:build/*`, async (c) => {
    const requested = c.req.param("build");
    const build = requested === "latest" ? c.env.BUILD_ID : requested;
    if (!/^[a-zA-Z0-9_-]+$/.test(build)) return c.text("Bad build id", 400);
    const file = c.req.path.slice(`/_mf/${remote}/${requested}/`.length);
    const asset = await c.env.ASSETS.fetch(new URL(`/${build}/${file}`, c.req.url));
    const response = new Response(asset.body, asset);
    response.headers.set("access-control-allow-origin", "*");
    response.headers.set("cache-control", requested === "latest" ? "no-cache" : IMMUTABLE);
    return response;
  });

  app.onError((error, c) => {
    console.error(`[${remote}]`, error);
    return c.json({ message: "Fragment failed" }, 500);
  });

  return app;
}
