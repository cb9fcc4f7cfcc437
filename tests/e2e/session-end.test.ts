import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, POLL, signInAs } from "../support/browser.ts";
import { freshMigratedDataDir } from "../support/databases.ts";
import { createTestUser, startTestServer, type TestServer } from "../support/server.ts";

/** A session that ends anywhere ends on every screen that uses it, without a reload. */
describe("e2e: sessions ending elsewhere", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer("pglite", {}, { dataDir: freshMigratedDataDir() }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("signing out in one tab signs out the other tab of the same browser", async () => {
    const user = await createTestUser(server);
    const context = await newContext(browser);
    const first = await signInAs(context, server.url, user);
    const second = await context.newPage();
    await second.goto(`${server.url}/account`);
    await second.getByTestId("account-page").waitFor();

    await first.getByTestId("user-menu-trigger").click();
    await first.getByTestId("sign-out").click();
    await first.waitForURL(/\/login/);
    await expect.poll(() => new URL(second.url()).pathname, POLL).toBe("/login");
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("a password changed in another browser ends this browser's session", async () => {
    const user = await createTestUser(server);
    const other = await newContext(browser);
    const stale = await signInAs(other, server.url, user);

    const context = await newContext(browser);
    const page = await signInAs(context, server.url, user);
    await page.goto(`${server.url}/account`);
    await page.getByTestId("password-current").fill(user.password);
    await page.getByTestId("password-new").fill("a-brand-new-password");
    await page.getByTestId("password-confirm").fill("a-brand-new-password");
    await page.getByTestId("password-save").click();

    // The other browser's session was revoked: its socket hears it and it goes to /login.
    await expect.poll(() => new URL(stale.url()).pathname, POLL).toBe("/login");
    // This browser stays signed in.
    await page.reload();
    await page.getByTestId("account-page").waitFor();
    expect(new URL(page.url()).pathname).toBe("/account");
    expect(context.errors).toEqual([]);
    await Promise.all([context.close(), other.close()]);
  });
});
