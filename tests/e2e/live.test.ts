import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  newContext,
  POLL,
  signInAs,
  submitLogin,
  useServerAndBrowser,
} from "../support/browser.ts";
import { createTestUser } from "../support/server.ts";

/** Marks <html data-saw-text="yes"> as soon as `text` is ever shown on the page. */
async function watchForText(page: Page, text: string): Promise<void> {
  await page.evaluate((needle) => {
    const root = document.documentElement;
    const check = () => {
      if (document.body.textContent?.includes(needle)) root.dataset.sawText = "yes";
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    check();
  }, text);
}

const sawText = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.sawText === "yes");

const fieldError = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/** Live updates between tabs and users, and the account forms (SPEC 2, 5). */
describe("e2e: live profile and account forms", () => {
  const e2e = useServerAndBrowser();

  it("shows a first name saved in one tab in the other tab without a reload, and only to that user", async () => {
    const user = await createTestUser(e2e.server, { firstName: "Lena" });
    const other = await createTestUser(e2e.server, { firstName: "Bruno" });
    const newName = `Margarethe${Date.now().toString(36)}`;

    // Another user, in another organization and another browser profile.
    const otherContext = await newContext(e2e.browser);
    const otherPage = await signInAs(otherContext, e2e.server.url, other);
    await expect
      .poll(() => otherPage.getByTestId("user-menu-name").textContent(), POLL)
      .toBe("Bruno User");
    await watchForText(otherPage, newName);

    // Two tabs of the first user.
    const context = await newContext(e2e.browser);
    const accountTab = await signInAs(context, e2e.server.url, user);
    await accountTab.goto(`${e2e.server.url}/account`);
    await accountTab.getByTestId("account-page").waitFor();
    const homeTab = await context.newPage();
    await homeTab.goto(`${e2e.server.url}/command-center`);
    const greeting = homeTab.getByTestId("command-center-greeting");
    await expect.poll(() => greeting.textContent(), POLL).toContain(", Lena");
    await homeTab.evaluate(() => {
      document.documentElement.dataset.sameDocument = "yes";
    });

    await accountTab.getByTestId("profile-first-name").fill(newName);
    await accountTab.getByTestId("profile-save").click();

    await expect.poll(() => greeting.textContent(), POLL).toContain(`, ${newName}`);
    await expect
      .poll(() => homeTab.getByTestId("user-menu-name").textContent(), POLL)
      .toBe(`${newName} User`);
    expect(await homeTab.evaluate(() => document.documentElement.dataset.sameDocument)).toBe("yes");
    await expect
      .poll(() => accountTab.getByTestId("profile-display-name").textContent(), POLL)
      .toBe(`${newName} User`);
    await accountTab.getByTestId("toast").filter({ hasText: "Profile updated" }).waitFor();

    // The other user changes their own profile; once that push has arrived on their socket,
    // anything sent to them before it has arrived too.
    const changed = await e2e.server.call(
      "mutation",
      "users.updateProfile",
      { firstName: "Bruno", lastName: "Brandt" },
      other.token,
    );
    expect(changed.body.status).toBe("success");
    await expect
      .poll(() => otherPage.getByTestId("user-menu-name").textContent(), POLL)
      .toBe("Bruno Brandt");
    expect(await otherPage.getByTestId("command-center-greeting").textContent()).toContain(
      ", Bruno",
    );
    expect(await sawText(otherPage)).toBe(false);

    expect(context.errors).toEqual([]);
    expect(otherContext.errors).toEqual([]);
    await context.close();
    await otherContext.close();
  });

  it("requires a first name in the profile form", async () => {
    const user = await createTestUser(e2e.server, { firstName: "Ines" });
    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, user);
    await page.goto(`${e2e.server.url}/account`);
    await page.getByTestId("account-page").waitFor();

    await page.getByTestId("profile-first-name").fill("   ");
    await page.getByTestId("profile-save").click();
    await fieldError(page, "First name is required").waitFor();
    expect(await page.getByTestId("profile-first-name").getAttribute("aria-invalid")).toBe("true");
    // Nothing was saved or shown optimistically.
    expect(await page.getByTestId("user-menu-name").textContent()).toBe("Ines User");
    const me = await e2e.server.call("query", "users.getMe", {}, user.token);
    expect(me.body.value).toMatchObject({ firstName: "Ines" });

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("validates the password form and reports a wrong current password", async () => {
    const user = await createTestUser(e2e.server);
    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, user);
    await page.goto(`${e2e.server.url}/account`);
    await page.getByTestId("account-page").waitFor();
    const current = page.getByTestId("password-current");
    const next = page.getByTestId("password-new");
    const confirm = page.getByTestId("password-confirm");
    const save = page.getByTestId("password-save");

    await current.fill(user.password);
    await next.fill("short");
    await confirm.fill("short");
    await save.click();
    await fieldError(page, "Password must be at least 8 characters").waitFor();

    await next.fill("long enough 1");
    await confirm.fill("long enough 2");
    await save.click();
    await fieldError(page, "Passwords don't match").waitFor();
    expect(await fieldError(page, "Password must be at least 8 characters").count()).toBe(0);
    expect(await confirm.getAttribute("aria-invalid")).toBe("true");

    // The server's own rule: a new password must differ from the current one.
    await next.fill(user.password);
    await confirm.fill(user.password);
    await save.click();
    await page.getByText("The new password must differ from the current one.").waitFor();

    await next.fill("long enough 1");
    await current.fill("not my password");
    await confirm.fill("long enough 1");
    await save.click();
    await page.getByText("The current password is incorrect.").waitFor();
    expect(await current.getAttribute("aria-invalid")).toBe("true");

    // The old password still signs in.
    const fresh = await newContext(e2e.browser);
    await signInAs(fresh, e2e.server.url, user);
    expect(fresh.errors).toEqual([]);
    await fresh.close();

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("changes the password with a success toast; only the new one signs in afterwards", async () => {
    const user = await createTestUser(e2e.server);
    const newPassword = "a brand new passphrase 42";
    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, user);
    await page.goto(`${e2e.server.url}/account`);
    await page.getByTestId("account-page").waitFor();

    await page.getByTestId("password-current").fill(user.password);
    await page.getByTestId("password-new").fill(newPassword);
    await page.getByTestId("password-confirm").fill(newPassword);
    await page.getByTestId("password-save").click();

    const toast = page.getByTestId("toast").filter({ hasText: "Password changed" });
    await toast.waitFor();
    expect(await toast.getAttribute("data-variant")).toBe("success");
    expect(await page.getByTestId("password-current").inputValue()).toBe("");
    expect(await page.getByTestId("password-new").inputValue()).toBe("");
    // This tab stays signed in.
    await page.reload();
    await page.getByTestId("account-page").waitFor();

    const fresh = await newContext(e2e.browser);
    const login = await fresh.newPage();
    await login.goto(`${e2e.server.url}/login`);
    await submitLogin(login, user);
    await login.getByTestId("login-error").waitFor();
    expect(await login.getByTestId("login-error").textContent()).toContain(
      "Invalid email or password.",
    );
    await submitLogin(login, { email: user.email, password: newPassword });
    await login.waitForURL(`${e2e.server.url}/command-center`);
    await login.getByTestId("command-center-greeting").waitFor();

    expect(fresh.errors).toEqual([]);
    expect(context.errors).toEqual([]);
    await fresh.close();
    await context.close();
  });
});
