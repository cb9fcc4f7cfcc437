/**
 * The image shown when a document has no preview (missing, not processed, no
 * access, an error) or the development proxy fails (SPEC section 2). Fixed
 * markup with no user text and no script, served with a CSP that forbids
 * everything but inline styles, so it cannot run anything even when opened
 * directly.
 */

export const PLACEHOLDER_CACHE_CONTROL = "private, max-age=300";
export const PLACEHOLDER_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export type PlaceholderKind = "unavailable" | "proxy-error";

const LINES: Record<PlaceholderKind, [string, string]> = {
  unavailable: ["No preview", "Preview not available"],
  "proxy-error": ["Proxy Error", "Cannot reach production API"],
};

function svg([title, subtitle]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img" aria-label="${title}">
<rect width="400" height="300" fill="#f3f4f6"/>
<rect x="170" y="70" width="60" height="76" rx="6" fill="none" stroke="#9ca3af" stroke-width="4"/>
<path d="M182 96h36M182 110h36M182 124h24" stroke="#9ca3af" stroke-width="4" stroke-linecap="round"/>
<text x="200" y="190" text-anchor="middle" font-family="system-ui, sans-serif" font-size="20" font-weight="600" fill="#374151">${title}</text>
<text x="200" y="218" text-anchor="middle" font-family="system-ui, sans-serif" font-size="14" fill="#6b7280">${subtitle}</text>
</svg>
`;
}

const BODIES: Record<PlaceholderKind, string> = {
  unavailable: svg(LINES.unavailable),
  "proxy-error": svg(LINES["proxy-error"]),
};

/** The placeholder response; `status` lets API callers tell "no access" from "not ready". */
export function placeholderResponse(kind: PlaceholderKind, status = 200): Response {
  return new Response(BODIES[kind], {
    status,
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": PLACEHOLDER_CACHE_CONTROL,
      "Content-Security-Policy": PLACEHOLDER_CSP,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const PREVIEW_CACHE_CONTROL = "private, max-age=3600";
const PROXY_TIMEOUT_MS = 10_000;
const MAX_PROXIED_BYTES = 20 * 1024 * 1024;

/**
 * SPEC section 2's development proxy: forward the GET to the production
 * preview and return its image (image/jpeg when it names no type), cached
 * 3600 s; on any failure the 'Proxy Error' placeholder, cached 300 s. The
 * caller's cookies are not forwarded.
 */
export async function proxyPreview(
  upstreamUrl: string,
  storageId: string,
  onFailure: (reason: unknown) => void,
): Promise<Response> {
  const path = storageId.split("/").map(encodeURIComponent).join("/");
  try {
    const upstream = await fetch(`${upstreamUrl}/api/document-preview/${path}`, {
      signal: AbortSignal.timeout(PROXY_TIMEOUT_MS),
    });
    if (!upstream.ok) throw new Error(`upstream answered ${upstream.status}`);
    const contentType = upstream.headers.get("content-type") || "image/jpeg";
    if (!/^image\//i.test(contentType)) throw new Error(`upstream sent ${contentType}`);
    const bytes = await readAtMost(upstream, MAX_PROXIED_BYTES);
    return new Response(bytes, {
      headers: {
        "Content-Type": contentType,
        "Content-Length": String(bytes.length),
        "Cache-Control": PREVIEW_CACHE_CONTROL,
      },
    });
  } catch (error) {
    onFailure(error);
    return placeholderResponse("proxy-error", 502);
  }
}

async function readAtMost(response: Response, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes) throw new Error(`upstream image is larger than ${maxBytes} bytes`);
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > maxBytes) throw new Error(`upstream image is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
