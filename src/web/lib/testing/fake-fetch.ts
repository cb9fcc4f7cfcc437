import type { FetchLike } from "../sync/http-transport.ts";

/**
 * A fetch stand-in: each call is recorded (URL, headers, parsed JSON body) and
 * answered by the test's handler with a status and a JSON body, or by throwing
 * (a network failure).
 */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeAnswer = { status?: number; body: unknown };

export function createFakeFetch(
  answer: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>,
): { fetchImpl: FetchLike; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    const headers = Object.fromEntries(
      [...new Headers(init.headers).entries()].map(([name, value]) => [name.toLowerCase(), value]),
    );
    const text = typeof init.body === "string" ? init.body : "";
    const request = {
      url,
      method: init.method ?? "GET",
      headers,
      body: text ? JSON.parse(text) : null,
    };
    requests.push(request);
    const { status = 200, body } = await answer(request);
    return new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  };
  return { fetchImpl, requests };
}

/** An unsigned JWT with the claims the client reads (the server verifies, the client does not). */
export function fakeAccessToken(claims: { sub: string; exp: number; sid?: string }): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${encode({ alg: "EdDSA", typ: "JWT" })}.${encode(claims)}.signature`;
}
