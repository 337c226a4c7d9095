import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { operatorApi } from "../support/operator";
import { type PhotoOrigin, startPhotoOrigin, storedCar } from "../support/photo-origin";
import { fetchSite, GATEWAY_PORT } from "../support/platform";

/**
 * Issue 30 goal 3 (ADR 0075): a dealer's DMS export, in its own column layout, loads unedited through
 * `npm run stock:import` and the stock API's text/csv batch with the column mapping kept in the site's settings; its
 * photo columns are fetched by the photo queue; a bad row is refused with its row and reason while the good rows load,
 * and a car already stored keeps what it had. Two sites, two layouts: a column per photo with semicolons, and one
 * column of URLs split by "|".
 */
const ROOT = join(import.meta.dirname, "../..");
const example = parseYaml(readFileSync(join(ROOT, "examples/sites/seventh-dealer.yaml"), "utf8")) as Record<string, unknown> & { dealerships: { slug: string }[] };

type Layout = {
  slug: string;
  mapping: Record<string, unknown>;
  /** The export's header and a row for a car (photos as URLs), in the DMS's own words and delimiter. */
  header: string;
  row: (car: { stocknum: string; year: string; price: string; photos: string[] }) => string;
};
const LAYOUTS: Layout[] = [
  {
    slug: "csv-photo-columns",
    mapping: {
      delimiter: ";",
      columns: { "Stock No": "stocknum", Yr: "year", Make: "make", Model: "model", Variant: "badge", Condition: "car_type", Status: "status", "Retail Price": "price", Odometer: "km" },
      photos: { columns: ["Photo 1", "Photo 2"] },
      values: { car_type: { USED: "used", NEW: "new" }, status: { AVAILABLE: "in_stock" } },
    },
    header: "Stock No;Yr;Make;Model;Variant;Condition;Status;Retail Price;Odometer;Internal Notes;Photo 1;Photo 2",
    row: (car) => [car.stocknum, car.year, "Mazda", "CX-5", "Maxx", "USED", "AVAILABLE", car.price, "30,100", "Trade-in; check tyres", ...car.photos].map((cell) => (cell.includes(";") ? `"${cell}"` : cell)).join(";"),
  },
  {
    slug: "csv-url-list",
    mapping: {
      delimiter: ",",
      columns: { StockNumber: "stocknum", ModelYear: "year", Manufacturer: "make", ModelName: "model", Series: "badge", NewUsed: "car_type", Availability: "status", SellPrice: "price", Kms: "km" },
      photos: { column: "Image URLs", separator: "|" },
      values: { car_type: { U: "used", N: "new" }, status: { Y: "in_stock" } },
    },
    header: "StockNumber,ModelYear,Manufacturer,ModelName,Series,NewUsed,Availability,SellPrice,Kms,Yard Location,Image URLs",
    row: (car) => [car.stocknum, car.year, "Mazda", "CX-5", "Maxx", "U", "Y", `"${car.price}"`, `"30,100"`, "Back lot", car.photos.join("|")].join(","),
  },
];

const fileFor = (layout: Layout, config: Record<string, unknown> = { stockCsv: layout.mapping }) => ({
  ...example,
  slug: layout.slug,
  domains: [],
  dealerships: example.dealerships.map((dealership) => ({ ...dealership, slug: `${layout.slug}-${dealership.slug}` })),
  config: { theme: { primary: "#3949ab" }, ...config },
});

let origin: PhotoOrigin;
const keys = new Map<string, string>();
beforeAll(async () => {
  origin = await startPhotoOrigin();
  for (const layout of LAYOUTS) {
    await operatorApi("DELETE", `/sites/${layout.slug}`);
    const created = await operatorApi("POST", "/sites", fileFor(layout));
    expect(created.status, await created.clone().text()).toBe(201);
    keys.set(layout.slug, ((await created.json()) as { keys: { key: string }[] }).keys[0]?.key ?? "");
  }
}, 90_000);
afterAll(async () => {
  await origin?.close();
  for (const layout of LAYOUTS) await operatorApi("DELETE", `/sites/${layout.slug}`);
});

/** `npm run stock:import` itself, with the export as a file on disk. */
function importCli(site: string, key: string, csv: string): { ok: boolean; out: string } {
  const file = join(mkdtempSync(join(tmpdir(), "stock-csv-")), "export.csv");
  writeFileSync(file, csv);
  try {
    const out = execFileSync(process.execPath, ["--import", "tsx", "db/import-cli.ts", "--site", site, "--url", `http://localhost:${GATEWAY_PORT}`, "--key", key, file], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { ok: true, out };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, out: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

describe.each(LAYOUTS)("a DMS export with $slug's column mapping", (layout) => {
  it("loads unedited through the CLI and the API, fetches its photos, and refuses a bad row by row, losing nothing", { timeout: 180_000 }, async () => {
    const key = keys.get(layout.slug) ?? "";
    const run = Date.now().toString(36).toUpperCase();
    const [first, second, bad] = ["A", "B", "C"].map((n) => `${run}-${n}`);
    const photos = (n: string) => [1, 2].map((i) => origin.url(`/good/${layout.slug}-${run}-${n}-${i}.jpg`));
    // As Excel saves it: a byte-order mark, CRLF line ends, prices with a dollar sign and thousands separators.
    const exported = (rows: string[]) => `\uFEFF${[layout.header, ...rows].join("\r\n")}\r\n`;
    const firstExport = exported([
      layout.row({ stocknum: first ?? "", year: "2022", price: "$31,990", photos: photos("A") }),
      layout.row({ stocknum: second ?? "", year: "2021", price: "$27,500", photos: photos("B") }),
      layout.row({ stocknum: bad ?? "", year: "last year", price: "$19,990", photos: [] }),
    ]);

    const loaded = importCli(layout.slug, key, firstExport);
    // The bad row fails the run (exit 1), named by its row in the file and its field; the good rows are stored.
    expect(loaded.ok).toBe(false);
    expect(loaded.out).toContain("1 row(s) refused");
    for (const named of ['"row": 4', `"stocknum": "${bad}"`, '"year": [']) expect(loaded.out).toContain(named);
    const car = await storedCar(layout.slug, key, first ?? "");
    expect(car).toMatchObject({ slug: `2022-mazda-cx-5-maxx-${first?.toLowerCase()}` });
    expect(car as unknown).toMatchObject({ price: 31990, km: 30100, car_type: "used", status: "in_stock", year: 2022 });
    expect(await (await fetchSite(layout.slug, `/api/stock/vehicles?stocknum=${bad}`, { headers: { authorization: `Bearer ${key}` } })).json()).toEqual({ vehicles: [], next: null });

    // Its photo columns are fetched by the queue and shown on the car, in the export's order.
    await expect
      .poll(async () => (await storedCar(layout.slug, key, first ?? "")).images.map((entry) => [entry.photo?.source, entry.photo?.status]), { timeout: 90_000, interval: 1000 })
      .toEqual(photos("A").map((url) => [url, "ready"]));

    // The next export through the API: the first car's new price loads; the second car's row is bad and refused, and
    // that car keeps its price and photos; the column the mapping does not name is listed once.
    const before = await storedCar(layout.slug, key, second ?? "");
    const answer = await fetchSite(layout.slug, "/api/stock/vehicles/batch", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "text/csv; charset=utf-8" },
      body: exported([
        layout.row({ stocknum: first ?? "", year: "2022", price: "$30,990", photos: photos("A") }),
        layout.row({ stocknum: second ?? "", year: "2021", price: "POA", photos: photos("B") }),
      ]),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const body = (await answer.json()) as { upserted: number; rejected: { row: number; stocknum: string; errors: Record<string, string[]> }[]; ignored_columns: string[] };
    expect(body.upserted).toBe(1);
    expect(body.rejected.map(({ row, stocknum, errors }) => ({ row, stocknum, fields: Object.keys(errors) }))).toEqual([{ row: 3, stocknum: second, fields: ["price"] }]);
    expect(body.ignored_columns).toEqual([layout.header.includes("Internal Notes") ? "Internal Notes" : "Yard Location"]);
    expect((await storedCar(layout.slug, key, first ?? "")) as unknown).toMatchObject({ price: 30990 });
    expect(await storedCar(layout.slug, key, second ?? "")).toEqual(before);

    // A file the reader will not take, and one of only bad rows: 400 with the reason, never a 5xx.
    const wide = await fetchSite(layout.slug, "/api/stock/vehicles/batch", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "text/csv" },
      body: `${Array.from({ length: 501 }, (_, i) => `c${i}`).join(String(layout.mapping.delimiter))}\r\n1\r\n`,
    });
    expect([wide.status, ((await wide.json()) as { message: string }).message]).toEqual([400, "A row has more than 500 columns."]);
    const allBad = await fetchSite(layout.slug, "/api/stock/vehicles/batch", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "text/csv" },
      body: exported([layout.row({ stocknum: bad ?? "", year: "soon", price: "$1", photos: [] })]),
    });
    expect(allBad.status).toBe(400);
    expect(((await allBad.json()) as { rejected: { row: number }[] }).rejected.map((entry) => entry.row)).toEqual([2]);
  });
});

describe("the column mapping in a site's settings", () => {
  it("is refused naming the setting when it is malformed or past its limits", async () => {
    const layout = LAYOUTS[0] as Layout;
    const tooMany = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`Column ${i}`, "stocknum"]));
    const refused = await operatorApi("PUT", `/sites/${layout.slug}`, {
      ...fileFor(layout, { stockCsv: { ...layout.mapping, delimiter: "x", columns: tooMany } }),
      force: true,
    });
    expect(refused.status).toBe(400);
    const paths = ((await refused.json()) as { problems: { path: string }[] }).problems.map((problem) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(["config.stockCsv.delimiter", "config.stockCsv.columns"]));
  });
});
