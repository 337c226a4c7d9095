import { buildLeadRecord, loadSiteFacts, type PostedLead, type StoredRecord, withRecordDefaults } from "./record";
import { PRIVACY_NOTICE } from "./store";
import type { DriveAwayEstimate, TradeInValuation } from "@dealer/shared/rules";

/** The columns of a stored lead its record is read (or, for an old lead, rebuilt) from. */
export type StoredLeadRow = { id: number; site: string; kind: string; car_id: number | null; dealership_id: number; location_id: number | null; created_at: string; data: string };

type StoredData = PostedLead & {
  record?: StoredRecord;
  consent?: { opt_in: boolean; recorded_at: string; privacy_notice: string };
  valuation?: TradeInValuation;
  credit_check?: { consent_text: string; consented_at: string };
  drive_away?: DriveAwayEstimate;
};

/** A site's address for links in a lead that was stored without one: its first own domain, else {slug}.localhost. */
async function siteAddress(db: D1Database, site: string): Promise<string> {
  const domain = await db.prepare("SELECT domain FROM site_domains WHERE site = ? ORDER BY domain LIMIT 1").bind(site).first<{ domain: string }>();
  return domain ? `https://${domain.domain}` : `http://${site}.localhost`;
}

/**
 * A stored lead's complete record. Leads stored before the record existed (migration 0017) have none: theirs is
 * built now, by the same builder, from what they stored and the site's data as it is now.
 */
export async function storedRecordOf(db: D1Database, row: StoredLeadRow, siteUrl?: string): Promise<StoredRecord> {
  const data = JSON.parse(row.data) as StoredData;
  if (data.record) return withRecordDefaults(data.record, data);
  const slotMinutes = 60;
  const facts = await loadSiteFacts(db, { slug: row.site, url: siteUrl ?? (await siteAddress(db, row.site)), slotMinutes }, row.car_id);
  const dealership = facts.dealerships.find((candidate) => candidate.id === row.dealership_id) ?? facts.dealerships[0];
  if (!dealership) throw new Error(`lead ${row.id}: its site has no dealership`);
  const location = facts.locations.find((candidate) => candidate.id === row.location_id) ?? facts.locations.find((candidate) => candidate.dealership_id === dealership.id) ?? null;
  const consent = data.consent ?? { opt_in: Boolean(data.values?.opt_in), recorded_at: row.created_at, privacy_notice: PRIVACY_NOTICE };
  return buildLeadRecord(
    { ...data, kind: row.kind as PostedLead["kind"] },
    { dealership, location, car: row.car_id === null ? null : facts.car },
    facts,
    { createdAt: new Date(row.created_at), consent, valuation: data.valuation, creditCheck: data.credit_check, driveAway: data.drive_away },
  );
}
