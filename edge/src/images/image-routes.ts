import {
  BANNER_HEIGHTS,
  isVehicleImageAngle,
  isVehicleImageBody,
  isVehicleImageColour,
  parseImageParams,
  SPIN_FRAME_COUNT,
} from "@dealer/shared/media";
import { type Context, Hono } from "hono";
import { isMapTile } from "@dealer/shared/rules";
import { buildMapArea, buildMapTile } from "./map-base";
import { buildBanner, buildBrandLogo, buildCertifiedBadge, buildImageNotFound, buildMapPicture, buildSiteLogo } from "./site-svg";
import { buildSpinFrame, buildVehiclePicture, type PictureOptions } from "./vehicle-svg";

/** A picture at a URL never changes, so browsers and the edge may keep it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

function svg(c: Context, body: string) {
  return c.body(body, 200, {
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": IMMUTABLE,
    // The pictures carry no script or external reference; keep it that way if opened directly.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
  });
}

/**
 * Generated vehicle pictures at image-CDN-style URLs (mount at /cdn):
 *   /image/width=640,quality=75/vehicles/{body}/{colour}/{angle}.svg
 *   /image/width=640,quality=75/vehicles/{body}/{colour}/spin/{frame}.svg   (frame 0..23)
 * 400 for bad width/quality, 404 for an unknown body, colour, angle or frame.
 */
export function createImageRoutes() {
  const app = new Hono();

  /** The picture a URL asks for, or the error answer. */
  const resolve = (c: Context): Response | PictureOptions => {
    const params = parseImageParams(c.req.param("params") ?? "");
    if (!params.ok) return c.text(params.error, 400);
    const body = c.req.param("body") ?? "";
    const colour = c.req.param("colour") ?? "";
    if (!isVehicleImageBody(body) || !isVehicleImageColour(colour)) return c.text("Unknown vehicle picture", 404);
    return { body, colour, ...params.params };
  };

  app.get("/image/:params/vehicles/:body/:colour/spin/:file", (c) => {
    const picture = resolve(c);
    if (picture instanceof Response) return picture;
    const frame = /^(\d{1,2})\.svg$/.exec(c.req.param("file"))?.[1];
    if (frame === undefined || Number(frame) >= SPIN_FRAME_COUNT || String(Number(frame)) !== frame) {
      return c.text("Unknown spin frame", 404);
    }
    return svg(c, buildSpinFrame({ ...picture, frame: Number(frame) }));
  });

  app.get("/image/:params/vehicles/:body/:colour/:file", (c) => {
    const picture = resolve(c);
    if (picture instanceof Response) return picture;
    const angle = /^([a-z-]+)\.svg$/.exec(c.req.param("file"))?.[1] ?? "";
    if (!isVehicleImageAngle(angle)) return c.text("Unknown vehicle picture", 404);
    return svg(c, buildVehiclePicture({ ...picture, angle }));
  });

  // Site pictures (see @dealer/shared/media site-pictures): maps, brand logos, banners, image-not-found.
  const siteWidth = (c: Context): number | Response => {
    const params = parseImageParams(c.req.param("params") ?? "");
    return params.ok ? params.params.width : c.text(params.error, 400);
  };
  const COORDINATE = /^-?\d{1,3}(?:\.\d{1,6})?$/;
  app.get("/image/:params/site/maps/:lat/:file", (c) => {
    const width = siteWidth(c);
    if (width instanceof Response) return width;
    const lat = c.req.param("lat");
    const long = /^(.+)\.svg$/.exec(c.req.param("file"))?.[1] ?? "";
    if (!COORDINATE.test(lat) || !COORDINATE.test(long) || Math.abs(Number(lat)) > 90 || Math.abs(Number(long)) > 180) {
      return c.text("Unknown map", 404);
    }
    return svg(c, buildMapPicture(Number(lat), Number(long), width));
  });
  // The base map of the locations map (ADR 0050): tiles by z/x/y, and the static picture of a view.
  const WHOLE = /^\d{1,6}$/;
  app.get("/image/:params/site/map-tiles/:z/:x/:file", (c) => {
    const y = /^(\d{1,6})\.svg$/.exec(c.req.param("file"))?.[1];
    const [z, x] = [c.req.param("z"), c.req.param("x")];
    if (!y || !WHOLE.test(z) || !WHOLE.test(x) || !isMapTile(Number(z), Number(x), Number(y))) return c.text("Unknown map tile", 404);
    return svg(c, buildMapTile(Number(z), Number(x), Number(y)));
  });
  app.get("/image/:params/site/map-area/:zoom/:lat/:file", (c) => {
    const width = siteWidth(c);
    if (width instanceof Response) return width;
    const [zoom, lat] = [Number(c.req.param("zoom")), c.req.param("lat")];
    const long = /^(.+)\.svg$/.exec(c.req.param("file"))?.[1] ?? "";
    if (!isMapTile(zoom, 0, 0) || !COORDINATE.test(lat) || !COORDINATE.test(long) || Math.abs(Number(lat)) > 85 || Math.abs(Number(long)) > 180) {
      return c.text("Unknown map", 404);
    }
    return svg(c, buildMapArea({ zoom, lat: Number(lat), long: Number(long) }, width));
  });
  const slugPicture = (build: (slug: string, width: number) => string) => (c: Context) => {
    const width = siteWidth(c);
    if (width instanceof Response) return width;
    const slug = /^([a-z0-9][a-z0-9-]{0,60})\.svg$/.exec(c.req.param("file") ?? "")?.[1];
    return slug ? svg(c, build(slug, width)) : c.text("Unknown picture", 404);
  };
  app.get("/image/:params/site/brands/:file", slugPicture(buildBrandLogo));
  app.get("/image/:params/site/logos/:file", slugPicture(buildSiteLogo));
  app.get("/image/:params/site/banners/:file", slugPicture(buildBanner));
  app.get("/image/:params/site/banners/:height/:file", (c) => {
    const height = BANNER_HEIGHTS.find((h) => String(h) === c.req.param("height"));
    return height ? slugPicture((slug, width) => buildBanner(slug, width, height))(c) : c.text("Unknown banner size", 404);
  });
  const fixedPicture = (build: (width: number) => string) => (c: Context) => {
    const width = siteWidth(c);
    return width instanceof Response ? width : svg(c, build(width));
  };
  app.get("/image/:params/site/image-not-found.svg", fixedPicture(buildImageNotFound));
  app.get("/image/:params/site/certified-badge.svg", fixedPicture(buildCertifiedBadge));

  return app;
}
