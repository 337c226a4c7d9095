import { describe, expect, it } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
import { auditWords, fieldReasons, keyAuditEntry, REFUSAL_REASONS_MAX, REFUSALS_PER_ACTOR_HOUR, recordAudit, refusalEntry } from "./index";

const words = (entry: { action: string; detail?: unknown }) => auditWords({ action: entry.action as never, detail: entry.detail ? JSON.stringify(entry.detail) : null });

describe("audit entries", () => {
  it("name a key by its id, with its label and scopes as detail; the operator's own keys under platform", () => {
    const key = { id: "abc123def456", site: "harbour-city-motors", dealershipId: 3, name: "feed", scopes: ["stock:write"] };
    expect(keyAuditEntry("key.create", key)).toEqual({ site: "harbour-city-motors", dealershipId: 3, actor: "operator", action: "key.create", subject: "key abc123def456", detail: { id: "abc123def456", name: "feed", scopes: ["stock:write"] } });
    expect(keyAuditEntry("key.revoke", { ...key, site: null, dealershipId: null }).site).toBe("platform");
  });

  it("keep a refusal's reasons short and few, saying how many more there were", () => {
    const reasons = Array.from({ length: REFUSAL_REASONS_MAX + 5 }, (_, i) => `field${i}: ${"x".repeat(i === 0 ? 1000 : 10)}`);
    const entry = refusalEntry({ site: "platform", actor: "operator", subject: "site x" }, "site.create", reasons);
    const detail = entry.detail as { attempted: string; reasons: string[]; more: number };
    expect(entry.action).toBe("refused");
    expect(detail.attempted).toBe("site.create");
    expect(detail.reasons).toHaveLength(REFUSAL_REASONS_MAX);
    expect(detail.reasons[0]?.length).toBe(300);
    expect(detail.more).toBe(5);
    expect(fieldReasons({ name: ["Please use at most 100 characters."], email: ["Bad.", "Worse."] })).toEqual(["name: Please use at most 100 characters.", "email: Bad. Worse."]);
  });

  it("read in words on the audit page", () => {
    expect(words({ action: "refused", detail: { attempted: "config.publish", reasons: ["theme.primary: Invalid", "labels.soldLabel: too long"], more: 2 } })).toEqual({
      what: "refused: config.publish",
      detail: "theme.primary: Invalid; labels.soldLabel: too long; and 2 more",
    });
    expect(words({ action: "key.rotate", detail: { id: "a", name: "feed", scopes: ["stock:write", "leads:read"], replacedBy: "b" } }).detail).toBe("feed (stock:write, leads:read), replaced by key b");
    expect(words({ action: "lead.status", detail: { from: "new", to: "sold" } }).detail).toBe("new to sold");
    expect(words({ action: "config.operator_update", detail: { kept: ["home.heroText", "theme.accent"], overwritten: ["theme.primary"] } }).detail).toBe("kept home.heroText, theme.accent; overwrote theme.primary");
    expect(words({ action: "config.operator_update", detail: { kept: [], overwritten: [] } }).detail).toBe("");
    // A publish's detail holds the whole override: the page shows only its note.
    expect(words({ action: "config.publish", detail: { override: { theme: {} } } })).toEqual({ what: "config.publish", detail: "" });
    expect(words({ action: "staff.sign_in" })).toEqual({ what: "staff.sign_in", detail: "" });
  });
});

describe("the refusal cap", () => {
  it("keeps at most REFUSALS_PER_ACTOR_HOUR refusals an actor leaves under one action on one site in an hour; other entries, actors, sites and the operator are not capped", async () => {
    const { db, dispose } = await createTestD1();
    try {
      const start = new Date("2026-11-28T10:00:00Z");
      const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
      const refusal = (actor: string, site = "harbour-city-motors") => refusalEntry({ site, dealershipId: null, actor, subject: null }, "config.publish", ["theme.primary: Invalid"]);
      // Twice the cap within the hour, all at once as a script would send them.
      await Promise.all(Array.from({ length: REFUSALS_PER_ACTOR_HOUR * 2 }, (_, i) => recordAudit(db, refusal("staff:1 a@x.example"), at(i / REFUSALS_PER_ACTOR_HOUR))));
      await recordAudit(db, refusal("staff:2 b@x.example"), at(2));
      await recordAudit(db, refusal("staff:1 a@x.example", "summit-auto-group"), at(2));
      await recordAudit(db, { site: "harbour-city-motors", actor: "staff:1 a@x.example", action: "staff.sign_in" }, at(2));
      for (let i = 0; i <= REFUSALS_PER_ACTOR_HOUR; i++) await recordAudit(db, refusal("operator", "platform"), at(3));
      // An hour after the first refusals, the actor's refusals are written again.
      await recordAudit(db, refusal("staff:1 a@x.example"), at(61));
      const count = async (where: string) => (await db.prepare(`SELECT count(*) AS n FROM audit_log WHERE ${where}`).first<{ n: number }>())!.n;
      expect(await count("site = 'harbour-city-motors' AND actor LIKE 'staff:1%' AND action = 'refused'")).toBe(REFUSALS_PER_ACTOR_HOUR + 1);
      expect(await count("actor LIKE 'staff:2%'")).toBe(1);
      expect(await count("site = 'summit-auto-group'")).toBe(1);
      expect(await count("action = 'staff.sign_in'")).toBe(1);
      expect(await count("actor = 'operator'")).toBe(REFUSALS_PER_ACTOR_HOUR + 1);
    } finally {
      await dispose();
    }
  });
});
