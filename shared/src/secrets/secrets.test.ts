import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
import { insertSite } from "../../../db/test-support/fragment-request";
import { listSecretSlots, openSecret, SecretUnavailable, sealSecret, secretSlotSchema, siteSecrets, storeSecretStatement } from "./index";

let db: D1Database;
let dispose: () => Promise<void>;
const platform = { SITE_SECRETS_KEY: "platform-key-one" };

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertSite(db, "harbour");
  await insertSite(db, "summit");
});
afterAll(() => dispose());

const store = async (site: string, slot: string, value: string, env = platform) => (await storeSecretStatement({ ...env, DB: db }, { site, slot, value, actor: "operator", now: new Date() })).run();

describe("site secret slots (ADR 0056)", () => {
  it("seal a value so that only its own site and slot open it", async () => {
    const sealed = await sealSecret(platform, "harbour", "mail-api-key", "re_harbour");
    expect(sealed.ciphertext).not.toContain("re_harbour");
    expect(await openSecret(platform, "harbour", "mail-api-key", sealed)).toBe("re_harbour");
    await expect(openSecret(platform, "summit", "mail-api-key", sealed)).rejects.toThrow(SecretUnavailable);
    await expect(openSecret(platform, "harbour", "stripe-secret-key", sealed)).rejects.toThrow(SecretUnavailable);
    await expect(openSecret({ SITE_SECRETS_KEY: "another-platform-key" }, "harbour", "mail-api-key", sealed)).rejects.toThrow(/does not open/);
  });

  it("are read for one site: another site's slot of the same name is not there", async () => {
    await store("summit", "mail-api-key", "re_summit");
    await store("harbour", "stripe-secret-key", "sk_test_harbour");
    const harbour = siteSecrets({ ...platform, DB: db }, "harbour");
    await expect(harbour.read("mail-api-key")).rejects.toThrow("the secret slot mail-api-key of harbour is not set");
    await expect(harbour.read(null)).rejects.toThrow(/names no secret slot/);
    expect(await harbour.read("stripe-secret-key")).toBe("sk_test_harbour");
    expect(await siteSecrets({ ...platform, DB: db }, "summit").read("mail-api-key")).toBe("re_summit");
  });

  it("are replaced in place and listed by name, never by value", async () => {
    await store("harbour", "stripe-secret-key", "sk_test_harbour_2");
    expect(await siteSecrets({ ...platform, DB: db }, "harbour").read("stripe-secret-key")).toBe("sk_test_harbour_2");
    const listed = await listSecretSlots(db, "harbour");
    expect(listed.map((slot) => slot.name)).toEqual(["stripe-secret-key"]);
    expect(JSON.stringify(listed)).not.toContain("sk_test");
  });

  it("need the platform key outside a local session", async () => {
    await expect(sealSecret({}, "harbour", "x", "y")).rejects.toThrow(/SITE_SECRETS_KEY is not set/);
    expect(await openSecret({ LOCAL_DEV: "on" }, "harbour", "x", await sealSecret({ LOCAL_DEV: "on" }, "harbour", "x", "y"))).toBe("y");
  });

  it("are named in lower case: a Worker env variable's name is not a slot", () => {
    expect(secretSlotSchema.safeParse("mail-api-key").success).toBe(true);
    for (const name of ["TEST_MAIL_API_KEY", "AUTH_CODE_SECRET", "", "-x", "a b", "x".repeat(101)]) expect(secretSlotSchema.safeParse(name).success).toBe(false);
  });
});
