import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real, certified OpenID Connect provider (oidc-provider) on a free loopback port, with
 * its development login and consent pages. Any login is accepted with any password; the
 * login is the person's email. Emails starting with "unverified" are not verified.
 * Start it before the app (its issuer goes in the app's config), then `register` the app's
 * callback address once the app is listening.
 */
export interface LoopbackOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accept this redirect URI (the app's /api/auth/callback/{id}). */
  register(redirectUri: string): void;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  clientId?: string;
  clientSecret?: string;
}): Promise<LoopbackOidcProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else {
      res.statusCode = 503;
      res.end("not ready");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? "atrium";
  const clientSecret = options.clientSecret ?? "a-client-secret-of-some-length-0123456789";
  const redirectUris: string[] = [];
  let provider: Provider | undefined;

  const build = () => {
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [...redirectUris],
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_basic",
        },
      ],
      pkce: { required: () => true },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      claims: {
        openid: ["sub"],
        email: ["email", "email_verified"],
        profile: ["name", "given_name", "family_name"],
      },
      cookies: { keys: ["loopback-oidc-provider-test-cookie-key"] },
      features: { devInteractions: { enabled: true } },
      findAccount: async (_ctx, id) => ({
        accountId: id,
        claims: async () => {
          const local = id.split("@")[0] ?? id;
          return {
            sub: createHash("sha256").update(id).digest("hex").slice(0, 24),
            email: id,
            email_verified: !local.startsWith("unverified"),
            given_name: local.charAt(0).toUpperCase() + local.slice(1).split(/[.-]/)[0],
            family_name: "Provider",
            name: `${local} Provider`,
          };
        },
      }),
    });
    provider.proxy = false;
    handler = provider.callback();
  };

  return {
    issuer,
    clientId,
    clientSecret,
    register(redirectUri) {
      if (!redirectUris.includes(redirectUri)) redirectUris.push(redirectUri);
      build();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Drive the provider's own login and consent pages over HTTP, as a browser would (cookies
 * kept): from the authorization address to the app's callback address it redirects to.
 */
export async function loginAtProvider(
  authorizationUrl: string,
  login: string,
  callbackPrefix: string,
): Promise<string> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  };
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(callbackPrefix)) return url;
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: cookieHeader(),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
    });
    remember(response);
    body = undefined;
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`Unexpected provider page (${response.status}): ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll("&amp;", "&"), url).href;
    body = new URLSearchParams(
      prompt === "login" ? { prompt, login, password: "any password" } : { prompt },
    );
  }
  throw new Error("Too many redirects at the provider");
}
