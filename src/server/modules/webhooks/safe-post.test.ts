import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlockedAddressError, isAllowedHost, safePost } from "./safe-post.ts";

describe("isAllowedHost", () => {
  const allowed = ["n8n.internal", "127.0.0.1:5678", "[::1]:8080", "fd00::5"];
  it.each([
    ["http://n8n.internal/hook", true],
    ["https://N8N.internal:9443/hook", true],
    ["http://127.0.0.1:5678/x", true],
    ["http://127.0.0.1:5679/x", false],
    ["http://127.0.0.1/x", false],
    ["http://[::1]:8080/x", true],
    ["http://[::1]:8081/x", false],
    ["http://[fd00::5]/x", true],
    ["http://evil.n8n.internal/x", false],
  ])("%s: %s", (url, expected) => {
    expect(isAllowedHost(new URL(url), allowed)).toBe(expected);
  });
});

describe("safePost", () => {
  let url = "";
  let host = "";
  const server = createServer((request, response) => {
    if (request.url === "/redirect") {
      response.writeHead(302, { Location: "http://169.254.169.254/" }).end();
      return;
    }
    let body = "";
    request.on("data", (c) => {
      body += c;
    });
    request.on("end", () => response.writeHead(202).end(`got ${body}`));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    url = `http://127.0.0.1:${port}`;
    host = `127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (target: string, allowedHosts: string[] = []) =>
    safePost({ url: target, body: "{}", headers: {}, allowedHosts, timeoutMs: 5000 });

  it("refuses loopback unless the host is allowed", async () => {
    await expect(post(`${url}/hook`)).rejects.toBeInstanceOf(BlockedAddressError);
    expect(await post(`${url}/hook`, [host])).toEqual({ status: 202, body: "got {}" });
  });

  it("checks names after resolving them", async () => {
    const port = new URL(url).port;
    await expect(post(`http://localhost:${port}/hook`, [host])).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
  });

  it("does not follow redirects", async () => {
    expect((await post(`${url}/redirect`, [host])).status).toBe(302);
  });

  it("refuses other schemes", async () => {
    await expect(post("file:///etc/passwd")).rejects.toBeInstanceOf(BlockedAddressError);
  });
});
