import * as client from "openid-client";
import { AppError } from "#shared/errors.ts";
import type { Config } from "../../config.ts";
import { isLoopbackHost, type OidcProviderConfig } from "./oidc-config.ts";

/** How long a provider's discovery document is trusted before it is fetched again. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** One request to a provider (discovery, token exchange, its keys). */
export const PROVIDER_TIMEOUT_SECONDS = 10;

interface Discovered {
  at: number;
  configuration: Promise<client.Configuration>;
}

/**
 * openid-client's Configuration for each provider, discovered on first use (a provider
 * that is down does not stop the server from starting) and kept for an hour; a failed
 * discovery is forgotten at once, so the next sign-in tries again.
 */
export class OidcClients {
  readonly #providers: Map<string, OidcProviderConfig>;
  readonly #discovered = new Map<string, Discovered>();

  constructor(providers: readonly OidcProviderConfig[]) {
    this.#providers = new Map(providers.map((provider) => [provider.id, provider]));
  }

  get list(): OidcProviderConfig[] {
    return [...this.#providers.values()];
  }

  provider(id: string): OidcProviderConfig {
    const provider = this.#providers.get(id);
    if (!provider) {
      throw new AppError("BAD_REQUEST", "This sign-in provider is not configured on this server.", {
        reason: "unknown_provider",
      });
    }
    return provider;
  }

  /** The provider's configuration; SERVICE_UNAVAILABLE when it cannot be reached. */
  async configuration(provider: OidcProviderConfig): Promise<client.Configuration> {
    const known = this.#discovered.get(provider.id);
    if (known && Date.now() - known.at < DISCOVERY_TTL_MS) return known.configuration;
    const configuration = discover(provider);
    this.#discovered.set(provider.id, { at: Date.now(), configuration });
    configuration.catch(() => {
      if (this.#discovered.get(provider.id)?.configuration === configuration) {
        this.#discovered.delete(provider.id);
      }
    });
    return configuration;
  }
}

async function discover(provider: OidcProviderConfig): Promise<client.Configuration> {
  const issuer = new URL(provider.issuer);
  const insecure = issuer.protocol === "http:" && isLoopbackHost(issuer.hostname);
  try {
    const configuration = await client.discovery(
      issuer,
      provider.clientId,
      provider.clientSecret,
      client.ClientSecretBasic(provider.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    return configuration;
  } catch (error) {
    throw providerUnavailable(provider, error);
  }
}

export function providerUnavailable(provider: OidcProviderConfig, cause: unknown): AppError {
  const error = new AppError(
    "SERVICE_UNAVAILABLE",
    `${provider.name} could not be reached. Try again in a moment, or sign in another way.`,
    { reason: "provider_unavailable" },
  );
  (error as Error).cause = cause;
  return error;
}

const byConfig = new WeakMap<Config, OidcClients>();

/** The clients for a server's configuration (one set per server). */
export function oidcClients(config: Config): OidcClients {
  let clients = byConfig.get(config);
  if (!clients) {
    clients = new OidcClients(config.oidcProviders);
    byConfig.set(config, clients);
  }
  return clients;
}
