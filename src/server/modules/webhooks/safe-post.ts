import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isBlockedAddress } from "./address-rules.ts";

/**
 * One POST to an address an administrator typed (a module's endpoint), safe
 * against server-side request forgery (decision 019):
 *
 * - only http and https;
 * - the host's addresses are resolved once, every one checked with
 *   isBlockedAddress, and the socket connects to the address that was
 *   checked (a custom `lookup` on the request), so a DNS answer that changes
 *   between the check and the connection (rebinding) cannot slip through;
 * - redirects are not followed;
 * - hosts in `allowedHosts` (host or host:port, from
 *   MODULE_WEBHOOK_ALLOWED_HOSTS) skip the address check: an automation on
 *   the same private network, or the tests' loopback server.
 */

export class BlockedAddressError extends Error {
  override name = "BlockedAddressError";
}

export interface SafePostOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowedHosts: readonly string[];
  timeoutMs: number;
  signal?: AbortSignal;
  /** Most bytes of the answer kept (the rest is read and dropped). */
  maxResponseBytes?: number;
}

export interface SafePostResponse {
  status: number;
  body: string;
}

/** Whether `url`'s host (or host:port) is one the configuration lets through without a check. */
export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allowedHosts.some((entry) => {
    const bracketed = /^\[(.+)\](?::(\d+))?$/.exec(entry);
    if (bracketed) return bracketed[1] === host && (!bracketed[2] || bracketed[2] === port);
    const at = entry.lastIndexOf(":");
    // host:port, unless the entry is a bare IPv6 address
    if (at > 0 && entry.indexOf(":") === at) {
      return entry.slice(0, at) === host && entry.slice(at + 1) === port;
    }
    return entry === host;
  });
}

/** A lookup that answers only addresses an automation call may reach. */
export const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const list = Array.isArray(addresses) ? addresses : [];
    const blocked = list.find((a) => isBlockedAddress(a.address));
    if (list.length === 0 || blocked) {
      return callback(
        new BlockedAddressError(
          `${hostname} resolves to ${blocked?.address ?? "no address"}, which automations may not be called on`,
        ),
        "",
        0,
      );
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

export function safePost(options: SafePostOptions): Promise<SafePostResponse> {
  const url = new URL(options.url);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.reject(new BlockedAddressError("Only http and https addresses can be called"));
  }
  const allowed = isAllowedHost(url, options.allowedHosts);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowed && isIP(literal) && isBlockedAddress(literal)) {
    return Promise.reject(
      new BlockedAddressError(`${literal} is an address automations may not be called on`),
    );
  }
  const maxBytes = options.maxResponseBytes ?? 64 * 1024;
  const signal = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)])
    : AbortSignal.timeout(options.timeoutMs);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<SafePostResponse>((resolve, reject) => {
    const request = send(
      url,
      {
        method: "POST",
        headers: { ...options.headers, "Content-Length": Buffer.byteLength(options.body) },
        signal,
        // No keep-alive pool: each call resolves (and checks) the address afresh.
        agent: false,
        ...(allowed ? {} : { lookup: checkedLookup }),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < maxBytes) {
            chunks.push(chunk.subarray(0, maxBytes - kept));
            kept += Math.min(chunk.length, maxBytes - kept);
          }
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", (error) => {
      if (signal.aborted && !(error instanceof BlockedAddressError)) {
        reject(signal.reason instanceof Error ? signal.reason : error);
      } else reject(error);
    });
    request.end(options.body);
  });
}
