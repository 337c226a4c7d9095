import { PHOTO_REASONS } from "@dealer/shared/media";
import { describe, expect, it, vi } from "vitest";
import type { Env } from "../../env";
import { fetchPhoto, pacedAtMost, withinDeadline } from "./photo-consumer";

/**
 * A photo's deadline (ADR 0080): an attempt that never ends is a failure retried later, so the queue moves on. Over the
 * real platform with an origin that never answers: tests/http/stock-photo-deadline.test.ts.
 */
const env = { LOCAL_DEV: "on" } as Env;
const DEADLINE_MS = 50;

describe("a photo's deadline", () => {
  it("answers the expiry value and aborts the attempt's signal when the attempt never settles", async () => {
    let signal: AbortSignal | undefined;
    const outcome = await withinDeadline(
      (given) => {
        signal = given;
        return new Promise<string>(() => {});
      },
      DEADLINE_MS,
      "expired",
    );
    expect(outcome).toBe("expired");
    expect(signal?.aborted).toBe(true);
  });

  it("answers the attempt's own outcome when it settles in time, and leaves its signal alone", async () => {
    let signal: AbortSignal | undefined;
    const outcome = await withinDeadline(
      async (given) => {
        signal = given;
        return "done";
      },
      DEADLINE_MS,
      "expired",
    );
    expect(outcome).toBe("done");
    expect(signal?.aborted).toBe(false);
  });

  it("fails a photo whose origin never answers, as retryable, with the deadline's reason", async () => {
    const silent = (() => new Promise<Response>(() => {})) as typeof fetch;
    const outcome = await fetchPhoto(env, "site", "http://127.0.0.1:9/never.jpg", { fetcher: silent, deadlineMs: DEADLINE_MS });
    expect(outcome).toEqual({ state: { status: "failed", reason: PHOTO_REASONS.timeout }, retry: true });
  });

  it("fails a photo whose body starts and never ends, and aborts the fetch's signal (which ends a real fetch's body)", async () => {
    let signal: AbortSignal | null | undefined;
    const endless = (async (_: unknown, init?: RequestInit) => {
      signal = init?.signal;
      const body = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])) });
      return new Response(body, { headers: { "content-type": "image/jpeg" } });
    }) as typeof fetch;
    const outcome = await fetchPhoto(env, "site", "http://127.0.0.1:9/endless.jpg", { fetcher: endless, deadlineMs: DEADLINE_MS });
    expect(outcome).toEqual({ state: { status: "failed", reason: PHOTO_REASONS.timeout }, retry: true });
    expect(signal?.aborted).toBe(true);
  });
});

describe("a batch's slots rest after each photo (ADR 0116)", () => {
  it("starts a slot's next photo only once the rest its last photo asked for has passed, and waits no rest after the last", async () => {
    vi.useFakeTimers();
    try {
      const started: string[] = [];
      let results: string[] | undefined;
      void pacedAtMost(["a", "b", "c"], 2, async (item) => {
        started.push(item);
        return { result: item.toUpperCase(), rest: 1000 };
      }).then((all) => {
        results = all;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(started).toEqual(["a", "b"]);
      await vi.advanceTimersByTimeAsync(999);
      expect(started).toEqual(["a", "b"]);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toEqual(["a", "b", "c"]);
      // c's slot has nothing left to take: its rest is not waited for.
      await vi.advanceTimersByTimeAsync(0);
      expect(results).toEqual(["A", "B", "C"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
