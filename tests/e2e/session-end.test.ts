import { describe, expect, it } from "vitest";
import { newContext, POLL, signInAs, useServerAndBrowser } from "../support/browser.ts";
import { createTestUser } from "../support/server.ts";

/** A session that ends anywhere ends on every screen that uses it, without a reload. */
describe("e2e: sessions ending elsewhere", () => {
  const e2e = useServerAndBrowser();

  it("signing out in one tab signs out the other tab of the same browser", async () => {
    const user = await createTestUser(e2e.server);
    const context = await newContext(e2e.browser);
    const first = await signInAs(context, e2e.server.url, user);
    const second = await context.newPage();
    await second.goto(`${e2e.server.url}/account`);
    await second.getByTestId("account-page").waitFor();

    await first.getByTestId("user-menu-trigger").click();
    await first.getByTestId("sign-out").click();
    await first.waitForURL(/\/login/);
    await expect.poll(() => new URL(second.url()).pathname, POLL).toBe("/login");
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("a password changed in another browser ends this browser's session", async () => {
    const user = await createTestUser(e2e.server);
    const other = await newContext(e2e.browser);
    const stale = await signInAs(other, e2e.server.url, user);

    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, user);
    await page.goto(`${e2e.server.url}/account`);
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
