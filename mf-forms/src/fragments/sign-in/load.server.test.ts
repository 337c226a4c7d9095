import { defaultSiteConfig } from "@dealer/shared/config";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { WRONG_CODE_MESSAGE } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { loadSignIn } from "./load.server";

const request = (params: Record<string, string>) =>
  ({ site: { slug: "s", name: "S", template: "car-dealer" }, config: defaultSiteConfig, session: { userId: null, phone: null }, slot: "sign-in", path: "/sign-in", params, hydrate: "interaction" }) as unknown as FragmentRequest;

describe("sign-in page parameters", () => {
  it("keeps redirect and back on this site and shows only the API's own messages", async () => {
    const props = await loadSignIn(request({ type: "watchlist", redirect: "https://evil.example/", back: "//evil.example", error: "Call 1900 000 000 now" }));
    expect(props).toMatchObject({ step: "phone", type: "watchlist", redirect: "/", back: "/", error: null });
    const code = await loadSignIn(request({ step: "code", phone: "0412 345 678", redirect: "/cars/x", error: `${WRONG_CODE_MESSAGE} 2 tries left.` }));
    expect(code).toMatchObject({ step: "code", redirect: "/cars/x", back: "/cars/x", error: `${WRONG_CODE_MESSAGE} 2 tries left.` });
    expect((await loadSignIn(request({ type: "<script>" }))).type).toBe("account");
  });
});
