import type { Context } from "hono";
import type { GatewayEnv } from "../env";
import { IMMUTABLE, rangedAnswer } from "./media-routes";

const VIDEO_FILE = /^([0-9a-f]{64})\.(webm|mp4)$/;

/**
 * A dealer's uploaded walkaround video (ADR 0080) at /cdn/video/{hash}.{webm|mp4} on the site's own host: the copy in R2
 * under {site}/{hash}, in the byte ranges a <video> asks while it plays and seeks (206, Content-Range, If-Range by its
 * ETag or date). Only an object stored as a video is served here; a photo's copy is not.
 */
export async function serveVideo<E extends { Bindings: GatewayEnv }>(c: Context<E>, site: string): Promise<Response> {
  const [, hash] = VIDEO_FILE.exec(c.req.param("file") ?? "") ?? [];
  const { PHOTOS } = c.env;
  if (!hash) return c.text("Unknown video", 404);
  if (!PHOTOS) return c.text("Videos are not configured on this deployment.", 503);
  const key = `${site}/${hash}`;
  const head = await PHOTOS.head(key);
  if (head?.customMetadata?.type !== "video") return c.text("Unknown video", 404);
  const headers = { "Content-Type": head.httpMetadata?.contentType ?? "application/octet-stream", "Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff" };
  return rangedAnswer(
    c.req.raw,
    head.size,
    headers,
    async (part) => {
      const object = await PHOTOS.get(key, part ? { range: { offset: part.start, length: part.end - part.start + 1 } } : {});
      return (object?.body as unknown as ReadableStream<Uint8Array> | undefined) ?? null;
    },
    { etag: head.httpEtag, lastModified: head.uploaded },
  );
}
