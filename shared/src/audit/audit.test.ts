import { describe, expect, it } from "vitest";
import { auditWords, fieldReasons, keyAuditEntry, REFUSAL_REASONS_MAX, refusalEntry } from "./index";

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
