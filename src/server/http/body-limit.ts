import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/**
 * A request body limit that reads only the headers when they say the size (decision 032, fourth
 * round). Hono's `bodyLimit` asks `c.req.raw.body` first, which makes @hono/node-server build the
 * full web `Request` (a `ReadableStream` over the socket) for every request, a GET included; the
 * route's own `c.req.text()` then reads through that stream instead of straight from Node's
 * request. Here:
 * - GET, HEAD and OPTIONS pass (they carry no body a route reads);
 * - a Content-Length without Transfer-Encoding is compared with the limit (Node's HTTP parser
 *   reads exactly that many bytes and no more, so it is the body's size);
 * - anything else (a chunked body) goes through Hono's `bodyLimit`, which counts the bytes.
 */
export function headerBodyLimit(options: {
  maxSize: number;
  onError: Parameters<typeof bodyLimit>[0]["onError"];
}): MiddlewareHandler {
  const counting = bodyLimit(options);
  const onError = options.onError!;
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      return Number.parseInt(length, 10) > options.maxSize ? onError(c) : next();
    }
    return counting(c, next);
  };
}
