import { describe, expect, it } from "vitest";
import { onePerRequest } from "./per-request";

describe("onePerRequest", () => {
  it("loads once for one request, and again for every other request (nothing is shared between requests)", async () => {
    let calls = 0;
    const load = onePerRequest(async (request: { id: string }) => `${request.id}:${++calls}`);
    const first = { id: "a" };
    const second = { id: "a" };
    expect(await Promise.all([load(first, {}), load(first, {})])).toEqual(["a:1", "a:1"]);
    expect(await load(second, {})).toBe("a:2");
  });
});
