import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type DemoShot, demoShotPath, parseDemoPhotoPath, renderDemoPhoto } from "./render";

/**
 * The demo's photo origin (ADR 0083): a dealer's photo server on this machine, from which the platform's queue consumer
 * fetches the demo cars' photos by URL like any feed's. A picture is rendered on its first request and kept in
 * `cacheDir`, so a picture is rendered once per checkout; `npm start`'s origin renders the demo's pictures up front
 * (`prerender`, ADR 0094) while the platform builds, so the queue is served ready bytes.
 */
export function createDemoPhotoOrigin(cacheDir: string): { server: Server; rendered: () => number; prerender: (shots: DemoShot[]) => Promise<void> } {
  const pending = new Map<string, Promise<Buffer>>();
  let rendered = 0;
  const photo = (picture: DemoShot): Promise<Buffer> => {
    const path = demoShotPath(picture);
    const file = join(cacheDir, path);
    const known = pending.get(path);
    if (known) return known;
    const made = (async () => {
      try {
        return readFileSync(file);
      } catch {
        const bytes = await renderDemoPhoto(picture);
        rendered++;
        mkdirSync(dirname(file), { recursive: true });
        // Written whole or not at all: a start stopped mid-write must not leave half a JPEG in the cache.
        writeFileSync(`${file}.part`, bytes);
        renameSync(`${file}.part`, file);
        return bytes;
      }
    })();
    pending.set(path, made);
    made.then(
      () => pending.delete(path),
      () => pending.delete(path),
    );
    return made;
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://origin").pathname.slice(1);
    if (path === "healthz") return response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    const picture = parseDemoPhotoPath(path);
    if (request.method !== "GET" && request.method !== "HEAD") return response.writeHead(405, { allow: "GET, HEAD" }).end();
    if (!picture) return response.writeHead(404, { "content-type": "text/plain" }).end("No such demo photo");
    photo(picture).then(
      (bytes) => response.writeHead(200, { "content-type": "image/jpeg", "content-length": bytes.length, "cache-control": "public, max-age=31536000, immutable" }).end(request.method === "HEAD" ? undefined : bytes),
      (error: unknown) => {
        console.error("[demo-photos]", error);
        response.writeHead(500, { "content-type": "text/plain" }).end("The demo photo could not be rendered");
      },
    );
  });
  // workerd keeps connections open between fetches; Node's 5 s default would race a request sent on a closing one.
  server.keepAliveTimeout = 65_000;
  // One at a time: rendering is CPU-bound, and the build and the platform share the machine.
  const prerender = async (shots: DemoShot[]) => {
    for (const shot of shots) await photo(shot);
  };
  return { server, rendered: () => rendered, prerender };
}

/**
 * The origin on a free port of 127.0.0.1 (the bench's and the tests'): its address, its cache folder (a temporary one,
 * removed on close, when none is named), and a close that waits.
 */
export async function listenDemoPhotoOrigin(cacheDir?: string) {
  const dir = cacheDir ?? mkdtempSync(join(tmpdir(), "demo-photos-"));
  const { server, rendered } = createDemoPhotoOrigin(dir);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cacheDir: dir,
    rendered,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!cacheDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
