import { escapeMarkup } from "@dealer/shared/http";

/** A stored lead as destinations receive it. */
export type DeliverableLead = {
  id: number;
  site: string;
  kind: string;
  createdAt: string;
  carId: number | null;
  dealershipId: number | null;
  dealershipSlug: string | null;
  /** The validated lead: kind, values, userData, consent and the kind's own fields. */
  lead: { values?: Record<string, unknown>; userData?: Record<string, unknown>; consent?: Record<string, unknown> } & Record<string, unknown>;
};

const str = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** JSON webhook body: the lead as stored, with its id and where it came from. */
export function leadJson(lead: DeliverableLead): string {
  return JSON.stringify({ lead_id: lead.id, site: lead.site, dealership_id: lead.dealershipId, dealership_slug: lead.dealershipSlug, created_at: lead.createdAt, car_id: lead.carId, ...lead.lead });
}

const xml = (text: unknown) => escapeMarkup(str(text));

/** ADF/XML 1.0, the automotive lead format most dealer CRMs import. */
export function leadAdf(lead: DeliverableLead): string {
  const values = lead.lead.values ?? {};
  const name = [values.name, values.last_name].filter(Boolean).map(str).join(" ");
  const vehicle = lead.carId === null ? "" : `\n    <vehicle interest="buy"><id source="car_id">${lead.carId}</id></vehicle>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<?adf version="1.0"?>
<adf>
  <prospect status="new">
    <id sequence="1" source="${xml(lead.site)}">${lead.id}</id>
    <requestdate>${xml(lead.createdAt)}</requestdate>${vehicle}
    <customer>
      <contact>
        <name part="full">${xml(name)}</name>
        <email>${xml(values.email)}</email>
        <phone>${xml(values.phone)}</phone>
        <address><postalcode>${xml(values.postcode)}</postalcode><country>AU</country></address>
      </contact>
      <comments>${xml(values.message)}</comments>
    </customer>
    <vendor><id source="dealership">${xml(lead.dealershipSlug ?? lead.dealershipId)}</id></vendor>
    <provider><name>${xml(lead.site)} website</name><service>${xml(lead.kind)}</service></provider>
  </prospect>
</adf>
`;
}

/** The e-mail a dealership gets for a lead: every field on its own line. */
export function leadEmail(lead: DeliverableLead): { subject: string; body: string } {
  const values = lead.lead.values ?? {};
  const lines = Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0))
    .map(([field, value]) => `${field}: ${Array.isArray(value) ? value.join(", ") : str(value)}`);
  const page = str(lead.lead.userData?.url);
  // A trade-in's online estimate (and an accepted offer's price): the figures the shopper saw.
  const valuation = lead.lead.valuation as { estimate?: boolean; low?: number; high?: number; offer?: number; message?: string } | undefined;
  if (valuation?.estimate) lines.push(`valuation: ${valuation.low} to ${valuation.high}, offer ${valuation.offer}`);
  else if (valuation?.message) lines.push(`valuation: none online (${valuation.message})`);
  // The credit-check form's consent (ADR 0027): the dealership's finance team runs the check on its strength.
  const creditCheck = lead.lead.credit_check as { consent_text?: string; consented_at?: string } | undefined;
  if (creditCheck) lines.push(`credit check consent: given ${str(creditCheck.consented_at)}: "${str(creditCheck.consent_text)}"`);
  if (typeof lead.lead.offer_price === "number") lines.push(`offer accepted: ${lead.lead.offer_price} (trade-in lead ${str(lead.lead.lead_id)})`);
  return {
    subject: `New ${lead.kind.replace(/_/g, " ")} lead #${lead.id} from ${str(values.name)}`,
    body: [...lines, "", `Page: ${page}`, `Lead: ${lead.id} (${lead.createdAt})`].join("\n"),
  };
}

/** HMAC-SHA256 of "{timestamp}.{body}" with the destination's secret, hex: the receiver recomputes it. */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${body}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
