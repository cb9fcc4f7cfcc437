import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { RequestInfo } from "../auth/identity.ts";
import { clientIpFrom } from "./client-ip.ts";

export type AppEnv = { Variables: { cspNonce?: string } };

export function requestInfo(c: Context, trustProxy: boolean): RequestInfo {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  return {
    ip: clientIpFrom({ get: (name) => c.req.header(name) }, address, trustProxy),
    userAgent: c.req.header("user-agent") ?? null,
    origin: c.req.header("origin") ?? new URL(c.req.url).origin,
  };
}
