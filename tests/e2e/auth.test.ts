import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  authStorageKeys,
  newContext,
  POLL,
  signInAs,
  submitLogin,
  useServerAndBrowser,
} from "../support/browser.ts";
import { createTestUser } from "../support/server.ts";

/**
 * Which built document the page is: the light sign-in document (login.html, sent for a direct
 * load of /login) or the app (index.html); decision 016.
 */
const documentOf = (page: Page) =>
  page.evaluate(() =>
    document.querySelector('script[type="module"][src*="/assets/login-document-"]')
      ? "light sign-in document"
      : "app",
  );

/** Sign in and out, and the redirect rules around the signed-in area (SPEC 2 and 4). */
describe("e2e: sign-in, sign-out and redirects", () => {
  const e2e = useServerAndBrowser();

  it("signs in with email and password and greets the user by first name", async () => {
    const user = await createTestUser(e2e.server, { firstName: "Ada" });
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    expect(await authStorageKeys(page)).toEqual([]);
    expect(await documentOf(page)).toBe("light sign-in document");

    await submitLogin(page, user);
    await page.waitForURL(`${e2e.server.url}/command-center`);
    const greeting = page.getByTestId("command-center-greeting");
    await expect
      .poll(() => greeting.textContent(), POLL)
      .toMatch(/^Good (morning|afternoon|evening), Ada$/);
    expect(await page.getByTestId("user-menu-name").textContent()).toBe("Ada User");
    expect(await authStorageKeys(page)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^__atriumAuthJWT_/)]),
    );

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("shows the server's message for a wrong password and stays on /login", async () => {
    const user = await createTestUser(e2e.server);
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);

    await submitLogin(page, { email: user.email, password: "not the password" });
    const error = page.getByTestId("login-error");
    await error.waitFor();
    expect(await error.textContent()).toContain("Invalid email or password.");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await authStorageKeys(page)).toEqual([]);

    // Typing again clears the message; the right password then works.
    await submitLogin(page, user);
    await page.waitForURL(`${e2e.server.url}/command-center`);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("signs out from the user menu, clears the tokens and stays signed out after a reload", async () => {
    const user = await createTestUser(e2e.server, { firstName: "Otto" });
    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, user);

    await page.getByTestId("user-menu-trigger").click();
    await page.getByTestId("sign-out").click();
    await page.waitForURL(`${e2e.server.url}/login`);
    await page.getByTestId("login-email").waitFor();
    expect(await authStorageKeys(page)).toEqual([]);
    // Signing out ends with a full load of the light sign-in document.
    await expect.poll(() => documentOf(page), POLL).toBe("light sign-in document");

    await page.reload();
    await page.getByTestId("login-email").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await authStorageKeys(page)).toEqual([]);

    // The signed-in area is closed again.
    await page.goto(`${e2e.server.url}/command-center`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByTestId("login-email").waitFor();
    expect(await page.getByTestId("command-center-greeting").count()).toBe(0);

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("sends a signed-out visit to /account to /login and back to /account after sign-in", async () => {
    const user = await createTestUser(e2e.server, { firstName: "Rosa" });
    const context = await newContext(e2e.browser);
    const page = await context.newPage();

    await page.goto(`${e2e.server.url}/account`);
    await page.waitForURL(`${e2e.server.url}/login?redirect=%2Faccount`);
    await page.getByTestId("login-email").waitFor();
    expect(await page.getByTestId("account-page").count()).toBe(0);
    // The app's redirect draws its own /login route: the same screen, in the app's document.
    expect(await documentOf(page)).toBe("app");

    await submitLogin(page, user);
    await page.waitForURL(`${e2e.server.url}/account`);
    await page.getByTestId("account-page").waitFor();
    expect(await page.getByTestId("profile-first-name").inputValue()).toBe("Rosa");

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("takes a signed-in visit to / or /login to /command-center", async () => {
    const user = await createTestUser(e2e.server);
    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, user);

    await page.goto(`${e2e.server.url}/`);
    await page.waitForURL(`${e2e.server.url}/command-center`);
    await page.getByTestId("command-center-greeting").waitFor();
    expect(await page.getByTestId("landing-sign-in").count()).toBe(0);

    await page.goto(`${e2e.server.url}/login`);
    await page.waitForURL(`${e2e.server.url}/command-center`);
    await page.getByTestId("command-center-greeting").waitFor();

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("ignores a redirect to another site after sign-in (no open redirect)", async () => {
    const user = await createTestUser(e2e.server);
    const context = await newContext(e2e.browser);
    const page = await context.newPage();

    // Through the sign-in form.
    await page.goto(
      `${e2e.server.url}/login?redirect=${encodeURIComponent("https://evil.example")}`,
    );
    await submitLogin(page, user);
    await page.waitForURL(`${e2e.server.url}/command-center`);
    await page.getByTestId("command-center-greeting").waitFor();

    // Already signed in: the route guard sends such links to the signed-in home, not away.
    for (const target of ["https://evil.example", "//evil.example/account", "/\\evil.example"]) {
      await page.goto(`${e2e.server.url}/login?redirect=${encodeURIComponent(target)}`);
      await page.waitForURL(`${e2e.server.url}/command-center`);
      await page.getByTestId("command-center-greeting").waitFor();
    }
    // A same-site path is still honoured.
    await page.goto(`${e2e.server.url}/login?redirect=${encodeURIComponent("/account")}`);
    await page.waitForURL(`${e2e.server.url}/account`);
    await page.getByTestId("account-page").waitFor();

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("still shows the login page for a malformed search param", async () => {
    const user = await createTestUser(e2e.server);
    const context = await newContext(e2e.browser);
    const page = await context.newPage();

    await page.goto(`${e2e.server.url}/login?redirect[]=x`);
    await page.getByTestId("login-email").waitFor();
    expect(await page.getByTestId("error-view").count()).toBe(0);

    await submitLogin(page, user);
    await page.waitForURL(`${e2e.server.url}/command-center`);

    expect(context.errors).toEqual([]);
    await context.close();
  });
});
