import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { headerBodyLimit } from "./body-limit.ts";
import { securityHeaders } from "./security-headers.ts";

function app() {
  const hono = new Hono();
  hono.use("*", securityHeaders({ https: true }));
  hono.use("*", headerBodyLimit({ maxSize: 10, onError: (c) => c.text("too large", 413) }));
  hono.all("/echo", async (c) => c.text(await c.req.text()));
  hono.get("/stream", () => new Response(new ReadableStream({ start: (c) => c.close() })));
  return hono;
}

describe("headerBodyLimit", () => {
  it("compares a declared length, counts a streamed body, lets GET through", async () => {
    const a = app();
    const small = await a.request("/echo", { method: "POST", body: "123456789" });
    expect(small.status).toBe(200);
    expect(await small.text()).toBe("123456789");
    const declared = await a.request("/echo", {
      method: "POST",
      body: "12345678901",
      headers: { "content-length": "11" },
    });
    expect(declared.status).toBe(413);
    const streamed = await a.request("/echo", {
      method: "POST",
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode("123456"));
          c.enqueue(new TextEncoder().encode("789012"));
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await a.request("/echo")).status).toBe(200);
  });

  it("every response keeps its security headers, a streamed one too", async () => {
    for (const path of ["/echo", "/stream"]) {
      const res = await app().request(path);
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
      expect(res.headers.get("permissions-policy")).toContain("camera=()");
    }
  });
});
