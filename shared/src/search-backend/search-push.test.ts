import { describe, expect, it, vi } from "vitest";
import { queueSiteReload, type SearchPushMessage, searchPushMessageSchema } from "./search-push";

const queueOf = (send: (body: SearchPushMessage) => Promise<void>) => ({ send, sendBatch: async () => undefined }) as unknown as Queue<SearchPushMessage>;

describe("queueSiteReload", () => {
  it("queues the site at its new stock version, as a message the push consumer parses", async () => {
    const sent: unknown[] = [];
    await queueSiteReload({ SEARCH_PUSH_QUEUE: queueOf(async (body) => void sent.push(body)) }, "harbour-city-motors", 42);
    expect(sent).toEqual([{ site: "harbour-city-motors", version: 42 }]);
    expect(searchPushMessageSchema.parse(sent[0])).toEqual({ site: "harbour-city-motors", version: 42 });
  });

  it("sends nothing when the stock did not move on, or the Worker has no queue", async () => {
    const send = vi.fn(async () => undefined);
    await queueSiteReload({ SEARCH_PUSH_QUEUE: queueOf(send) }, "harbour-city-motors", null);
    await queueSiteReload({}, "harbour-city-motors", 3);
    expect(send).not.toHaveBeenCalled();
  });

  it("logs a failed send instead of throwing: the change is committed and the reconciliation finds the site behind", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(queueSiteReload({ SEARCH_PUSH_QUEUE: queueOf(async () => Promise.reject(new Error("queue down"))) }, "metro-certified", 7)).resolves.toBeUndefined();
    expect(String(error.mock.calls[0]?.[0])).toContain("metro-certified at stock version 7");
    error.mockRestore();
  });
});
