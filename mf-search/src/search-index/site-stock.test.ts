import { resolveSiteConfig } from "@dealer/shared/config";
import { carRepayment, weeklyRepaymentAmount } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { migrationsSql, splitSqlStatements } from "../../../db/test-support/d1";
import { toSearchRecord, vehicleIndexSettings } from "../engine";
import { loadSiteStock, pruneStockChanges, readSiteChanges } from "./site-stock";
import { carsOf, localStockD1, writeStock } from "./test-stock";
import { indexedAttributes, vehicleHitRecords } from "./vehicle-records";

const A = "site-a";
const B = "site-b";
const d1 = localStockD1();

const ofA = carsOf(A, 1, 30, 1);
const ofB = carsOf(B, 2, 10, 1001);

describe("loadSiteStock", () => {
  it("pages through one site's vehicles by id, at the version read before the first page", async () => {
    await writeStock(d1.db, A, 1, ofA);
    await writeStock(d1.db, B, 2, ofB);
    const { version, records } = await loadSiteStock(d1.db, A, 7);
    expect(version).toBe(1);
    expect(records.map((record) => record.objectID)).toEqual(ofA.map((car) => String(car.id)));
    expect(await loadSiteStock(d1.db, "no-such-site")).toEqual({ version: 0, listing: 0, records: [] });
  });

  it("cuts a page at its byte budget (D1 answers no value over 2 MB), keeping at least one row a page", async () => {
    await writeStock(d1.db, A, 1, ofA);
    const sizes = await d1.db.prepare("SELECT LENGTH(search_fields) AS n FROM vehicles WHERE site = ? ORDER BY id").bind(A).all<{ n: number }>();
    const threeRows = sizes.results.slice(0, 3).reduce((sum, row) => sum + row.n, 0);
    const ids = ofA.map((car) => String(car.id));
    expect((await loadSiteStock(d1.db, A, 1000, threeRows)).records.map((record) => record.objectID)).toEqual(ids);
    expect((await loadSiteStock(d1.db, A, 1000, 1)).records.map((record) => record.objectID)).toEqual(ids);
    expect((await loadSiteStock(d1.db, A, 4, threeRows)).records.map((record) => record.objectID)).toEqual(ids);
  });

  it("holds exactly the indexed attributes, as toSearchRecord derives them from the whole car", async () => {
    const car = { ...ofA[0]!, sold_date: "2026-05-01T00:00:00.000Z", status: "sold", offer_price: 19990, certified: true, location: { id: 1, name: "Harbour City", slug: "hc", phone: "1", address: { street: "1 A St", city: "B", state: "QLD", postcode: "4000" }, distribution_locations: [] } };
    await writeStock(d1.db, A, 1, [car]);
    const [record] = (await loadSiteStock(d1.db, A)).records;
    const whole: Record<string, unknown> = toSearchRecord(car);
    const attributes = indexedAttributes(vehicleIndexSettings);
    expect(record).toEqual({ objectID: String(car.id), ...Object.fromEntries(attributes.map((attribute) => [attribute, whole[attribute] ?? null])) });
    expect(record).toMatchObject({ certified: true, show_on_dealer_website: true, location_name: "Harbour City", sold_date_timestamp: 1777593600, offer_price: 19990 });
    expect(attributes).toEqual(expect.arrayContaining(["make_model", "custom_rank", "price", "km", "year", "created_at_timestamp", "site", "offer_price"]));
    expect(record).not.toHaveProperty("images");
  });

  it("carries the weekly repayment the site's cards show (its finance config), a monthly one over 4.33 weeks", async () => {
    const lender = { disclaimer: "x".repeat(2000), deposit: 1000, balloon: 0, termYears: 5, interestRate: 9.5, comparisonRate: 10.1, paymentWeek: 101.23, paymentMonth: 438.33 };
    const financed = { ...ofA[0]!, price: 25000, status: "in_stock", finance_lenders: { manual: lender, nissan: lender } };
    const plain = { ...ofA[1]!, finance_lenders: {}, youxQuote: null };
    await writeStock(d1.db, A, 1, [financed, plain]);
    const weekly = async (provider: string) => {
      const config = JSON.stringify({ finance: { provider } });
      await d1.db.batch([
        d1.db.prepare("DELETE FROM sites WHERE slug = ?").bind(A),
        d1.db.prepare("INSERT INTO sites (slug, name, template, config, created_at) VALUES (?, 'A', 'car-dealer', ?, '2026-01-01')").bind(A, config),
      ]);
      const { records } = await loadSiteStock(d1.db, A);
      return records.map((record) => record.weekly_price_range);
    };
    const expected = (provider: "manual" | "nissan") =>
      weeklyRepaymentAmount(carRepayment(financed, resolveSiteConfig(A, { finance: { provider } }, "car-dealer"), new Date()));
    expect(await weekly("manual")).toEqual([expected("manual"), null]);
    expect(expected("manual")).toBe(101.23);
    expect(await weekly("nissan")).toEqual([expected("nissan"), null]);
    expect(expected("nissan")).toBe(101.23);
    // The lender's disclaimer stays out of the stored fields.
    const row = await d1.db.prepare("SELECT search_fields FROM vehicles WHERE id = ?").bind(financed.id).first<{ search_fields: string }>();
    expect(row!.search_fields).not.toContain("xxxx");
  });

  it("skips a row without search_fields (written around the triggers) rather than failing the site", async () => {
    await writeStock(d1.db, A, 1, ofA.slice(0, 3));
    await d1.db.prepare("UPDATE vehicles SET search_fields = NULL WHERE id = ?").bind(ofA[1]!.id).run();
    expect((await loadSiteStock(d1.db, A)).records.map((record) => record.objectID)).toEqual([String(ofA[0]!.id), String(ofA[2]!.id)]);
  });

  it("reads rows written before migrations 0014 and 0029 too: the migration fills their search_fields", async () => {
    await writeStock(d1.db, A, 1, ofA.slice(0, 3));
    const expected = (await loadSiteStock(d1.db, A)).records;
    await d1.db.prepare("UPDATE vehicles SET search_fields = NULL").run();
    // The latest migration that rewrites the column (0029 added the finance fields to 0014's, 0046 the ATM), its fill.
    const migration = migrationsSql().findLast((sql) => sql.includes("UPDATE vehicles SET search_fields"))!;
    await d1.db.prepare(splitSqlStatements(migration).find((statement) => statement.trimStart().startsWith("UPDATE vehicles SET search_fields"))!).run();
    expect((await loadSiteStock(d1.db, A)).records).toEqual(expected);
  });
});

describe("readSiteChanges", () => {
  it("reads the vehicles written since a version as upserts and the ones gone as removals", async () => {
    const since = await writeStock(d1.db, A, 1, ofA);
    await writeStock(d1.db, A, 1, [{ ...ofA[0]!, price: 12345 }]);
    const until = await writeStock(d1.db, A, 1, [], [ofA[1]!.stocknum]);
    const changes = await readSiteChanges(d1.db, A, since, until);
    expect(changes?.upserts.map((record) => [record.objectID, record.price])).toEqual([[String(ofA[0]!.id), 12345]]);
    expect(changes?.removals).toEqual([String(ofA[1]!.id)]);
  });

  it("is null when the log no longer covers every version since the one held, or too much changed", async () => {
    const since = await writeStock(d1.db, A, 1, ofA.slice(0, 10));
    await writeStock(d1.db, A, 1, ofA.slice(10, 20));
    const until = await writeStock(d1.db, A, 1, ofA.slice(20));
    expect(await readSiteChanges(d1.db, A, since, until, 20)).not.toBeNull();
    expect(await readSiteChanges(d1.db, A, since, until, 19)).toBeNull();
    expect(await readSiteChanges(d1.db, A, until, since)).toBeNull();
    await d1.db.prepare("DELETE FROM stock_changes WHERE site = ? AND version = ?").bind(A, since + 1).run();
    expect(await readSiteChanges(d1.db, A, since, until)).toBeNull();
  });

  it("never reads another site's vehicles", async () => {
    const since = await writeStock(d1.db, A, 1, ofA.slice(0, 1));
    await writeStock(d1.db, B, 2, ofB);
    const until = await writeStock(d1.db, A, 1, ofA.slice(1, 2));
    const changes = await readSiteChanges(d1.db, A, since, until);
    expect(changes).toEqual({ upserts: [expect.objectContaining({ objectID: String(ofA[1]!.id), site: A })], removals: [] });
  });
});

describe("pruneStockChanges", () => {
  it("drops entries older than the log keeps, and only those", async () => {
    const now = new Date("2026-05-10T00:00:00Z");
    await writeStock(d1.db, A, 1, ofA.slice(0, 5), [], new Date("2026-05-01T00:00:00Z"));
    await writeStock(d1.db, A, 1, ofA.slice(5, 8), [], new Date("2026-05-09T00:00:00Z"));
    expect(await pruneStockChanges(d1.db, now)).toBe(5);
    const left = await d1.db.prepare("SELECT COUNT(*) AS n FROM stock_changes").first<{ n: number }>();
    expect(left?.n).toBe(3);
  });
});

describe("vehicleHitRecords", () => {
  it("reads the whole records of the page's hits within the site, leaving out ids it does not hold", async () => {
    await writeStock(d1.db, A, 1, ofA);
    await writeStock(d1.db, B, 2, ofB);
    const ids = [String(ofA[2]!.id), String(ofB[0]!.id), "999999", "not-a-number"];
    const hit = String(ofA[2]!.id);
    // The index's weekly figure (from the site's finance) is the one the hit carries.
    const records = await vehicleHitRecords(d1.db, A, ids, (objectID) => (objectID === hit ? { objectID, weekly_price_range: 123 } : undefined));
    expect([...records.keys()]).toEqual([hit]);
    expect(records.get(hit)).toEqual({ ...toSearchRecord(ofA[2]!), weekly_price_range: 123 });
  });

  it("answers a row changed since its last read with its new record at once (only an unchanged row's parse is kept)", async () => {
    const car = ofA[4]!;
    await writeStock(d1.db, A, 1, [car]);
    const id = String(car.id);
    const read = async () => (await vehicleHitRecords(d1.db, A, [id], () => undefined)).get(id);
    expect(await read()).toEqual({ ...toSearchRecord(car), weekly_price_range: null });
    // Read again unchanged: the same record.
    expect(await read()).toEqual({ ...toSearchRecord(car), weekly_price_range: null });
    const repriced = { ...car, price: (car.price ?? 0) + 1234, km: (car.km ?? 0) + 1 };
    await writeStock(d1.db, A, 1, [repriced]);
    const after = await read();
    expect(after).toEqual({ ...toSearchRecord(repriced), weekly_price_range: null });
    expect(after?.price).not.toBe(toSearchRecord(car).price);
    // Another site asking for that id never gets it, kept or not.
    expect((await vehicleHitRecords(d1.db, B, [id], () => undefined)).size).toBe(0);
  });
});
