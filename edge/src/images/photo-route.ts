import { isPhotoHash, PHOTO_MIME, parseImageParams, photoOutputType } from "@dealer/shared/media";
import type { Context } from "hono";
import type { GatewayEnv } from "../env";

/** A photo's URL names its content hash: it never changes, so browsers and the edge keep it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

type ImagesStream = Parameters<ImagesBinding["input"]>[0];

/**
 * A dealer's photo (ADR 0067) at /cdn/image/width=W,quality=Q[,format=F]/photos/{hash} on the site's own host: the
 * copy the photo queue keeps in R2 under {site}/{hash}, resized (never enlarged) and encoded by the Images binding,
 * AVIF or WebP when the browser's Accept names it, else JPEG. The answer is kept in the edge cache per format: a
 * site only ever reads its own photos, since the key starts with the host's site.
 */
export async function servePhoto<E extends { Bindings: GatewayEnv }>(c: Context<E>, site: string): Promise<Response> {
  const params = parseImageParams(c.req.param("params") ?? "");
  if (!params.ok) return c.text(params.error, 400);
  const hash = c.req.param("hash") ?? "";
  if (!isPhotoHash(hash)) return c.text("Unknown photo", 404);
  const { PHOTOS, IMAGES } = c.env;
  if (!PHOTOS || !IMAGES) return c.text("Photos are not configured on this deployment.", 503);
  const output = photoOutputType(params.params.format, c.req.header("accept"));
  const cacheKey = new Request(`${new URL(c.req.url).origin}${c.req.path}?as=${output}`);
  const cache = (globalThis.caches as unknown as { default?: Cache } | undefined)?.default;
  const kept = await cache?.match(cacheKey);
  if (kept) return kept;

  const original = await PHOTOS.get(`${site}/${hash}`);
  if (!original) return c.text("Unknown photo", 404);
  const width = Math.min(params.params.width, Number(original.customMetadata?.width) || params.params.width);
  const result = await IMAGES.input(original.body as unknown as ImagesStream)
    .transform({ width })
    .output({ format: PHOTO_MIME[output], quality: params.params.quality });
  const response = new Response(result.image() as unknown as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": PHOTO_MIME[output],
      "cache-control": IMMUTABLE,
      // The same URL answers AVIF, WebP or JPEG by Accept unless it names its format.
      ...(params.params.format && params.params.format !== "auto" ? {} : { vary: "Accept" }),
      "x-content-type-options": "nosniff",
    },
  });
  if (cache) c.executionCtx.waitUntil(cache.put(cacheKey, response.clone()));
  return response;
}
