import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { totpCode } from "../../src/server/auth/two-factor/totp.ts";
import { closeMailTransports } from "../../src/server/mail/send-mail.ts";
import {
  launchBrowser,
  newContext,
  POLL,
  presetTheme,
  screenshot,
  submitLogin,
} from "../support/browser.ts";
import { callFn } from "../support/call-fn.ts";
import { freshMigratedDataDir } from "../support/databases.ts";
import { type LoopbackOidcProvider, startOidcProvider } from "../support/oidc-provider.ts";
import { createTestUser, startTestServer, type TestServer, unique } from "../support/server.ts";
import { decodedMail, type LoopbackSmtp, startLoopbackSmtp } from "../support/smtp.ts";

/**
 * Sign-in methods in Chromium (decision 030): single sign-on through a real OpenID Connect
 * provider's own login page on loopback, landing signed in with `code` gone from the
 * address; an emailed code through loopback SMTP; setting up an authenticator app on
 * /account/security and signing in with it. Screenshots of /login with two providers.
 */
describe("e2e: single sign-on, emailed codes and two factors", () => {
  let server: TestServer;
  let browser: Browser;
  let acme: LoopbackOidcProvider;
  let globex: LoopbackOidcProvider;
  let smtp: LoopbackSmtp;

  beforeAll(async () => {
    [acme, globex, smtp] = await Promise.all([
      startOidcProvider({ clientId: "atrium-acme" }),
      startOidcProvider({ clientId: "atrium-globex" }),
      startLoopbackSmtp(),
    ]);
    [server, browser] = await Promise.all([
      startTestServer(
        "pglite",
        {
          OIDC_PROVIDERS: "acme,globex",
          OIDC_ACME_ISSUER: acme.issuer,
          OIDC_ACME_CLIENT_ID: acme.clientId,
          OIDC_ACME_CLIENT_SECRET: acme.clientSecret,
          OIDC_ACME_NAME: "Acme Entra ID",
          OIDC_GLOBEX_ISSUER: globex.issuer,
          OIDC_GLOBEX_CLIENT_ID: globex.clientId,
          OIDC_GLOBEX_CLIENT_SECRET: globex.clientSecret,
          OIDC_GLOBEX_NAME: "Globex Okta",
          SMTP_URL: smtp.url,
          MAIL_FROM: "Atrium <atrium@example.test>",
        },
        { dataDir: freshMigratedDataDir() },
      ),
      launchBrowser(),
    ]);
    acme.register(`${server.url}/api/auth/callback/acme`);
    globex.register(`${server.url}/api/auth/callback/globex`);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await closeMailTransports();
    await Promise.all([acme?.close(), globex?.close(), smtp?.close()]);
  });

  for (const theme of ["dark", "light"] as const) {
    it(`shows a button per provider on /login (${theme})`, async () => {
      const context = await newContext(browser, { colorScheme: theme });
      await presetTheme(context, theme);
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await page.getByTestId("sso-acme").waitFor();
      expect(await page.getByTestId("sso-acme").textContent()).toContain(
        "Continue with Acme Entra ID",
      );
      expect(await page.getByTestId("sso-globex").textContent()).toContain(
        "Continue with Globex Okta",
      );
      await page.getByTestId("email-code-start").waitFor();
      await page.evaluate(() => document.fonts.ready);
      const file = await screenshot(page, `login-sso-${theme}`);
      expect(fs.statSync(file).size).toBeGreaterThan(10_000);
      expect(context.errors).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it("signs in through the provider's own login page and lands signed in, the code gone from the address", async () => {
    const user = await createTestUser(server, { firstName: "Sso" });
    const context = await newContext(browser);
    const page = await context.newPage();
    const seen: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) seen.push(frame.url());
    });
    await page.goto(`${server.url}/login?redirect=%2Faccount`);
    await page.getByTestId("sso-acme").click();
    await page.waitForURL(`${acme.issuer}/**`);
    // oidc-provider's development login page, then its consent page.
    await page.locator('input[name="login"]').fill(user.email);
    await page.locator('input[name="password"]').fill("anything");
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`${server.url}/account`, { timeout: 30_000 });
    await page.getByTestId("profile-email").waitFor();
    expect(await page.getByTestId("profile-email").inputValue()).toBe(user.email);
    expect(page.url()).not.toContain("code=");
    // It came back through /login?code=…, which was used and removed.
    expect(seen.some((url) => url.startsWith(`${server.url}/login?code=`))).toBe(true);
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith("__atriumAuthOAuthVerifier")),
      ),
    ).toEqual([]);
    expect(context.errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("signs in with an emailed code", async () => {
    const user = await createTestUser(server, { firstName: "Mail" });
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId("email-code-start").click();
    await page.getByTestId("email-code-email").fill(user.email);
    await page.getByTestId("email-code-send").click();
    await page.getByTestId("email-code-sent").waitFor();
    const mail = decodedMail((await smtp.waitForMail(user.email)).raw);
    const code = /is (\d{6})/.exec(mail)![1]!;
    await page.getByTestId("email-code-code").fill(code);
    await page.getByTestId("email-code-submit").click();
    await page.waitForURL(`${server.url}/command-center`);
    await expect
      .poll(() => page.getByTestId("command-center-greeting").textContent(), POLL)
      .toContain("Mail");
    expect(context.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("sets up an authenticator app on /account/security, then signs in with it", async () => {
    const user = await createTestUser(server, { firstName: "Totp" });
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await submitLogin(page, user);
    await page.waitForURL(`${server.url}/command-center`);
    await page.goto(`${server.url}/account/security`);
    await page.getByTestId("account-tab-security").waitFor();
    expect(await page.getByTestId("two-factor-state").textContent()).toBe("Off");
    await page.getByTestId("two-factor-begin").click();
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, "account-security-setup-dark");
    await page.getByTestId("totp-setup-code").fill(totpCode(secret));
    await page.getByTestId("totp-setup-submit").click();
    await page.getByTestId("recovery-codes").waitFor();
    expect(await page.getByTestId("recovery-code").count()).toBe(10);
    await expect.poll(() => page.getByTestId("two-factor-state").textContent(), POLL).toBe("On");

    await page.getByTestId("user-menu-trigger").click();
    await page.getByTestId("sign-out").click();
    await page.waitForURL(`${server.url}/login`);
    await submitLogin(page, user);
    await page.getByTestId("two-factor-code").waitFor();
    await screenshot(page, "login-two-factor-dark");
    // The next step's code (the set-up spent this one's).
    await page.getByTestId("two-factor-code").fill(totpCode(secret, Date.now() + 30_000));
    await page.getByTestId("two-factor-submit").click();
    await page.waitForURL(`${server.url}/command-center`);
    await page.getByTestId("command-center-greeting").waitFor();
    expect(context.errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("shows the organization's sign-in settings to its admins", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin", firstName: "Olga" });
    await callFn(
      server,
      api.signInPolicy.update,
      { allowedDomains: [`${unique("corp")}.test`] },
      admin.token,
    );
    const context = await newContext(browser);
    const page: Page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await submitLogin(page, admin);
    await page.waitForURL(`${server.url}/command-center`);
    await page.goto(`${server.url}/account/organization`);
    await page.getByTestId("sign-in-policy").waitFor();
    await page.getByTestId("sign-in-domains").waitFor();
    expect(await page.getByTestId("sso-providers-configured").textContent()).toContain(
      "Acme Entra ID, Globex Okta",
    );
    await page.getByTestId("sign-in-policy").scrollIntoViewIfNeeded();
    await screenshot(page, "organization-sign-in-dark");
    expect(context.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
