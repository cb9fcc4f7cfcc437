import type { IncomingMessage } from "node:http";

/** The caller's address; X-Forwarded-For only when TRUST_PROXY says a proxy sets it. */
export function clientIpFrom(
  headers: { get(name: string): string | null | undefined },
  socketAddress: string | undefined,
  trustProxy: boolean,
): string | null {
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 100);
  }
  return socketAddress ?? null;
}

export function clientIpOfUpgrade(request: IncomingMessage, trustProxy: boolean): string | null {
  const header = request.headers["x-forwarded-for"];
  return clientIpFrom(
    {
      get: (name) =>
        name === "x-forwarded-for" ? (Array.isArray(header) ? header[0] : header) : undefined,
    },
    request.socket.remoteAddress,
    trustProxy,
  );
}
