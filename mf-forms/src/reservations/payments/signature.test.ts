import { describe, expect, it } from "vitest";
import { signPayload, verifySignature } from "./signature";

describe("webhook signatures", () => {
  it("accepts its own signature, refuses another secret, another body or an old timestamp", async () => {
    const header = await signPayload("whsec_a", '{"id":"evt_1"}', 1_000_000);
    expect(await verifySignature("whsec_a", header, '{"id":"evt_1"}', 1_000_100)).toBe(true);
    expect(await verifySignature("whsec_b", header, '{"id":"evt_1"}', 1_000_100)).toBe(false);
    expect(await verifySignature("whsec_a", header, '{"id":"evt_2"}', 1_000_100)).toBe(false);
    expect(await verifySignature("whsec_a", header, '{"id":"evt_1"}', 1_000_301)).toBe(false);
    expect(await verifySignature("whsec_a", null, "", 1_000_000)).toBe(false);
    expect(await verifySignature("whsec_a", "t=abc,v1=", "", 1_000_000)).toBe(false);
  });
});
