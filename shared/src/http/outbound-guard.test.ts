import { describe, expect, it } from "vitest";
import {
  guardedGet,
  guardedPost,
  isPrivateAddress,
  OutboundRefused,
  PHOTO_PRIVATE_ADDRESS,
  PHOTO_SCHEME,
  PHOTO_UNRESOLVED,
  type PhotoPolicy,
  photoUrlProblem,
  WEBHOOK_HTTPS_ONLY,
  WEBHOOK_PRIVATE_ADDRESS,
  WEBHOOK_UNRESOLVED,
  type WebhookPolicy,
  webhookUrlProblem,
} from "./outbound-guard";

/** A DNS stand-in: the names a test needs, each with its addresses. */
const dns: Record<string, string[]> = {
  "crm.example.com": ["93.184.216.34"],
  "rebind.example.com": ["93.184.216.34", "10.0.0.7"],
  "v6.example.com": ["2606:4700::6810:84e5"],
  "v6-local.example.com": ["fd00::1"],
};
const production: WebhookPolicy = { allowLocal: false, resolve: async (host) => dns[host] ?? [] };
const local: WebhookPolicy = { ...production, allowLocal: true };

describe("isPrivateAddress", () => {
  it.each(["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "[::1]", "[::]", "[fd00::1]", "[fe80::1]", "[::ffff:7f00:1]", "[::ffff:a9fe:a9fe]", "[64:ff9b::a00:1]", "[2002:a00:1::]"])(
    "%s is private",
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );
  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "[2606:4700::6810:84e5]", "[::ffff:5db8:d822]"])("%s is public", (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

describe("webhookUrlProblem in production", () => {
  it("allows https to a public host", async () => {
    expect(await webhookUrlProblem("https://crm.example.com/leads", production)).toBeNull();
    expect(await webhookUrlProblem("https://v6.example.com/leads", production)).toBeNull();
    expect(await webhookUrlProblem("https://93.184.216.34/leads", production)).toBeNull();
  });

  it("refuses http, other schemes and garbage", async () => {
    expect(await webhookUrlProblem("http://crm.example.com/leads", production)).toBe(WEBHOOK_HTTPS_ONLY);
    expect(await webhookUrlProblem("ftp://crm.example.com/", production)).toBe(WEBHOOK_HTTPS_ONLY);
    expect(await webhookUrlProblem("not a url", production)).toBe(WEBHOOK_HTTPS_ONLY);
  });

  it("refuses loopback, private, link-local and metadata addresses in every spelling the URL parser accepts", async () => {
    for (const url of [
      "https://127.0.0.1/",
      "https://2130706433/", // decimal 127.0.0.1
      "https://0x7f.1/", // hex
      "https://0177.0.0.1/", // octal
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://[fe80::1]/",
      "https://10.0.0.1:8443/",
      "https://localhost/",
      "https://api.localhost/",
      "https://printer.local/",
      "https://metadata.google.internal/",
      "https://intranet/",
      "https://user:pass@crm.example.com/",
    ]) {
      expect(await webhookUrlProblem(url, production), url).toBe(WEBHOOK_PRIVATE_ADDRESS);
    }
  });

  it("refuses a name that resolves to a private address (any of its addresses), and one that does not resolve", async () => {
    expect(await webhookUrlProblem("https://rebind.example.com/", production)).toBe(WEBHOOK_PRIVATE_ADDRESS);
    expect(await webhookUrlProblem("https://v6-local.example.com/", production)).toBe(WEBHOOK_PRIVATE_ADDRESS);
    expect(await webhookUrlProblem("https://nowhere.example.com/", production)).toBe(WEBHOOK_UNRESOLVED);
    const failing: WebhookPolicy = { allowLocal: false, resolve: () => Promise.reject(new Error("DNS down")) };
    expect(await webhookUrlProblem("https://crm.example.com/", failing)).toBe(WEBHOOK_UNRESOLVED);
  });

  it("locally allows the test receiver on 127.0.0.1 over http, still no other scheme", async () => {
    expect(await webhookUrlProblem("http://127.0.0.1:9999/hook", local)).toBeNull();
    expect(await webhookUrlProblem("file:///etc/passwd", local)).toBe(WEBHOOK_HTTPS_ONLY);
  });
});

describe("guardedPost", () => {
  const answers = (responses: Record<string, Response>) => {
    const calls: { url: string; redirect: RequestRedirect | undefined }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, redirect: init.redirect });
      return responses[url] ?? new Response("no such url", { status: 404 });
    }) as unknown as typeof fetch;
    return { calls, fetcher };
  };
  const redirect = (status: number, location: string) => new Response(null, { status, headers: { location } });

  it("posts without following redirects itself; follows a 307 to a public host", async () => {
    const { calls, fetcher } = answers({
      "https://crm.example.com/old": redirect(307, "https://v6.example.com/new"),
      "https://v6.example.com/new": new Response("ok"),
    });
    const response = await guardedPost("https://crm.example.com/old", { method: "POST", body: "{}" }, production, fetcher);
    expect(response.status).toBe(200);
    expect(calls).toEqual([
      { url: "https://crm.example.com/old", redirect: "manual" },
      { url: "https://v6.example.com/new", redirect: "manual" },
    ]);
  });

  it("refuses a redirect to a private address, to http, a 302 and too many hops, before any request goes there", async () => {
    for (const [location, status] of [["https://169.254.169.254/latest/meta-data", 307], ["http://crm.example.com/plain", 308], ["https://rebind.example.com/", 307], ["https://v6.example.com/", 302]] as const) {
      const { calls, fetcher } = answers({ "https://crm.example.com/hook": redirect(status, location) });
      await expect(guardedPost("https://crm.example.com/hook", { method: "POST" }, production, fetcher), location).rejects.toThrow(/^Redirect refused/);
      expect(calls.map((call) => call.url)).toEqual(["https://crm.example.com/hook"]);
    }
    const { fetcher } = answers({ "https://crm.example.com/loop": redirect(307, "/loop") });
    await expect(guardedPost("https://crm.example.com/loop", { method: "POST" }, production, fetcher)).rejects.toThrow("more than 3 redirects");
  });

  it("refuses a private first URL without sending anything", async () => {
    const { calls, fetcher } = answers({});
    await expect(guardedPost("https://10.0.0.1/hook", { method: "POST" }, production, fetcher)).rejects.toThrow(WEBHOOK_PRIVATE_ADDRESS);
    expect(calls).toHaveLength(0);
  });
});

describe("photo URLs", () => {
  const photos: PhotoPolicy = { allowLoopback: false, resolve: production.resolve };
  const localPhotos: PhotoPolicy = { ...photos, allowLoopback: true };

  it("allows http and https to public addresses, refuses private ones directly and through DNS", async () => {
    expect(await photoUrlProblem("http://crm.example.com/1.jpg", photos)).toBeNull();
    expect(await photoUrlProblem("https://93.184.216.34/1.jpg", photos)).toBeNull();
    expect(await photoUrlProblem("ftp://crm.example.com/1.jpg", photos)).toBe(PHOTO_SCHEME);
    for (const url of ["http://10.0.0.1/1.jpg", "http://169.254.169.254/latest", "http://[::1]/1.jpg", "http://rebind.example.com/1.jpg", "http://localhost/1.jpg"]) {
      expect(await photoUrlProblem(url, photos), url).toBe(PHOTO_PRIVATE_ADDRESS);
    }
    expect(await photoUrlProblem("http://nowhere.example.com/1.jpg", photos)).toBe(PHOTO_UNRESOLVED);
  });

  it("locally lets a loopback URL through as named, never a private network, never through a redirect", async () => {
    expect(await photoUrlProblem("http://127.0.0.1:9999/1.jpg", localPhotos)).toBeNull();
    expect(await photoUrlProblem("http://10.0.0.1/1.jpg", localPhotos)).toBe(PHOTO_PRIVATE_ADDRESS);
    expect(await photoUrlProblem("http://127.0.0.1:9999/1.jpg", localPhotos, true)).toBe(PHOTO_PRIVATE_ADDRESS);
  });

  it("follows a redirect to a public address and refuses one to a private address", async () => {
    const fetcher = (async (input: string) =>
      input.endsWith("/moved") ? new Response(null, { status: 302, headers: { location: "https://crm.example.com/1.jpg" } }) : input.endsWith("/inside") ? new Response(null, { status: 301, headers: { location: "http://169.254.169.254/" } }) : new Response("photo")) as unknown as typeof fetch;
    expect(await (await guardedGet("https://crm.example.com/moved", {}, photos, fetcher)).text()).toBe("photo");
    await expect(guardedGet("https://crm.example.com/inside", {}, photos, fetcher)).rejects.toThrow(`Redirect refused: ${PHOTO_PRIVATE_ADDRESS}`);
    await expect(guardedGet("https://crm.example.com/inside", {}, photos, fetcher)).rejects.toBeInstanceOf(OutboundRefused);
  });
});
