import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config.ts";
import { parseOidcProviders } from "./oidc-config.ts";

describe("single sign-on providers from the environment", () => {
  it("reads each named provider, in order, with the button's name", () => {
    const { providers, issues } = parseOidcProviders({
      OIDC_PROVIDERS: "acme, okta-eu",
      OIDC_ACME_ISSUER: "https://login.example.com/tenant/v2.0/",
      OIDC_ACME_CLIENT_ID: "id",
      OIDC_ACME_CLIENT_SECRET: "secret",
      OIDC_ACME_NAME: "Acme",
      OIDC_OKTA_EU_ISSUER: "http://127.0.0.1:9000",
      OIDC_OKTA_EU_CLIENT_ID: "id2",
      OIDC_OKTA_EU_CLIENT_SECRET: "secret2",
    });
    expect(issues).toEqual([]);
    expect(providers).toEqual([
      {
        id: "acme",
        name: "Acme",
        issuer: "https://login.example.com/tenant/v2.0",
        clientId: "id",
        clientSecret: "secret",
      },
      {
        id: "okta-eu",
        name: "okta-eu",
        issuer: "http://127.0.0.1:9000",
        clientId: "id2",
        clientSecret: "secret2",
      },
    ]);
  });

  it("names every missing or bad variable, and refuses plain http off loopback", () => {
    expect(() =>
      loadConfig({
        OIDC_PROVIDERS: "acme,password",
        OIDC_ACME_ISSUER: "http://login.example.com",
        OIDC_ACME_CLIENT_ID: "id",
      }),
    ).toThrow(ConfigError);
    const { issues } = parseOidcProviders({
      OIDC_PROVIDERS: "acme,password",
      OIDC_ACME_ISSUER: "http://login.example.com",
      OIDC_ACME_CLIENT_ID: "id",
    });
    expect(issues.map(([variable]) => variable)).toEqual([
      "OIDC_ACME_CLIENT_SECRET",
      "OIDC_ACME_ISSUER",
      "OIDC_PROVIDERS",
    ]);
  });

  it("has no providers when OIDC_PROVIDERS is unset", () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
  });
});
