import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";

async function page(site: string, path: string): Promise<{ status: number; html: string }> {
  const response = await fetchSite(site, path);
  return { status: response.status, html: await response.text() };
}

/** The note that an unknown body shows the whole range. */
const NOTE = 'class="model-range__note"';
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
/** The model tiles' accessories links, which name each model of the range. */
const accessoryLinks = (html: string) => [...html.matchAll(/href="(\/[a-z0-9-]+\/accessories)"/g)].map((found) => found[1] as string);
const bodyLinks = (html: string) => [...html.matchAll(/href="\/models\?body=([a-z0-9-]+)"/g)].map((found) => found[1] as string);

describe("routes of issue 23: /models?body= and /{model-slug}/accessories (ADR 0041)", () => {
  for (const site of ["harbour-city-motors", "summit-auto-group"]) {
    it(`${site}: /models lists the range; ?body= narrows it to that body's models, in any spelling`, async () => {
      const all = await page(site, "/models");
      expect(all.status).toBe(200);
      expect(h1(all.html)).toBe("Our models");
      const everyModel = accessoryLinks(all.html);
      expect(everyModel.length).toBeGreaterThan(1);
      const bodies = bodyLinks(all.html);
      expect(bodies.length).toBeGreaterThan(1);

      let narrowed = false;
      for (const body of bodies) {
        const one = await page(site, `/models?body=${body}`);
        expect(one.status, body).toBe(200);
        expect(h1(one.html), body).toMatch(/ models$/);
        expect(one.html.includes(NOTE), body).toBe(false);
        const models = accessoryLinks(one.html);
        for (const link of models) expect(everyModel, `${body}: ${link}`).toContain(link);
        if (models.length < everyModel.length) narrowed = true;
      }
      expect(narrowed).toBe(true);
      // The body as a shopper may type it: upper case, spaces.
      const first = bodies[0] as string;
      const upper = await page(site, `/models?body=${encodeURIComponent(first.toUpperCase().replace(/-/g, " "))}`);
      expect(h1(upper.html)).toBe(h1((await page(site, `/models?body=${first}`)).html));
    });

    it(`${site}: an unknown or hostile body is the whole range with a note, never a 5xx`, async () => {
      for (const query of ["spaceship", "%3Cscript%3Ealert(1)%3C%2Fscript%3E", "%22%20OR%20make%3A%22x", "%00", "", "suv&body=ute"]) {
        const bad = await page(site, `/models?body=${query}`);
        expect(bad.status, query).toBe(200);
        expect(bad.html.includes("<script>alert"), query).toBe(false);
        if (query && query !== "suv&body=ute") {
          expect(h1(bad.html), query).toBe("Our models");
          expect(bad.html.includes(NOTE), query).toBe(true);
        }
      }
    });

    it(`${site}: each model's accessories page has its heading, the parts directory and the parts form; unknown models are 404`, async () => {
      const links = accessoryLinks((await page(site, "/models")).html);
      const link = links[0] as string;
      const accessories = await page(site, link);
      expect(accessories.status).toBe(200);
      expect(h1(accessories.html)).toMatch(/ accessories$/);
      expect(accessories.html).toContain('id="slot-directory"');
      expect(accessories.html).toContain('id="slot-form"');
      for (const path of ["/no-such-model/accessories", "/%3Cscript%3E/accessories", `${link}/extra`, "/accessories"]) {
        const missing = await page(site, path);
        expect(missing.status, path).toBe(404);
      }
    });
  }
});
