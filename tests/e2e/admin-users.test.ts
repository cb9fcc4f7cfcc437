import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  backgroundLuminance,
  newContext,
  POLL,
  presetTheme,
  screenshot,
  signInAs,
  useServerAndBrowser,
} from "../support/browser.ts";
import { createTestUser, unique } from "../support/server.ts";

/**
 * /admin/users in Chromium (decision 025): a superadmin finds a user, sees
 * every SPEC 5 message on screen, saves a valid edit, creates a user; a member
 * sent away from /admin; both pages pictured in dark and light.
 */
describe("e2e: admin users", () => {
  const e2e = useServerAndBrowser();

  async function capture(page: Page, name: string, theme: "dark" | "light") {
    await page.evaluate(() => document.fonts.ready);
    const luminance = await backgroundLuminance(page);
    if (theme === "dark") expect(luminance).toBeLessThan(0.05);
    else expect(luminance).toBeGreaterThan(0.8);
    await screenshot(page, `${name}-${theme}`);
  }

  const fieldError = (page: Page, message: string) =>
    page.getByRole("alert").filter({ hasText: message });

  it("a superadmin edits a user (every SPEC 5 message, then a valid save) and creates one", async () => {
    const { server, browser } = e2e;
    const superadmin = await createTestUser(server, { isSuperadmin: true, firstName: "Sam" });
    const target = await createTestUser(server, {
      organizationId: superadmin.organizationId,
      firstName: "Grace",
    });
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, superadmin);
    await page.goto(`${server.url}/admin/users`);
    await page.getByTestId("admin-user-row").first().waitFor();

    // Search as you type: only the target is left.
    await page.getByTestId("admin-users-search").fill(target.email.toUpperCase());
    const rows = page.getByTestId("admin-user-row");
    await expect.poll(() => rows.count(), POLL).toBe(1);
    await rows.first().getByTestId("admin-user-link").click();
    await page.getByTestId("admin-user-edit").waitFor();
    expect(await page.getByTestId("admin-user-name").textContent()).toBe("Grace User");

    // Every message of SPEC 5, each by its field.
    await page.getByTestId("admin-user-first-name").fill("   ");
    await page.getByTestId("admin-user-last-name").fill(" ");
    await page.getByTestId("admin-user-email").fill("grace@");
    await page.getByTestId("admin-user-new-password").fill("short");
    await page.getByTestId("admin-user-confirm-password").fill("other");
    await page.getByTestId("admin-user-save").click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Invalid email address",
      "Password must be at least 8 characters",
      "Passwords don't match",
    ]) {
      await fieldError(page, message).waitFor();
    }
    // Empty fields keep what is stored, and say so.
    await page.getByTestId("admin-user-last-name").fill("");
    await page.getByText("Left empty, it stays “User”.").waitFor();

    // A valid edit.
    const email = `${unique("grace")}@example.test`;
    await page.getByTestId("admin-user-first-name").fill("Grace B.");
    await page.getByTestId("admin-user-email").fill(email);
    await page.getByTestId("admin-user-new-password").fill("a brand new password");
    await page.getByTestId("admin-user-confirm-password").fill("a brand new password");
    await page.getByTestId("admin-user-role").selectOption("OrganizationAdmin");
    await page.getByTestId("admin-user-save").click();
    await page.getByText("Changes saved").first().waitFor();
    await expect
      .poll(() => page.getByTestId("admin-user-name").textContent(), POLL)
      .toBe("Grace B. User");
    // Live: the audit line shows in the activity list.
    await page.getByTestId("admin-user-event").filter({ hasText: "Account edited" }).waitFor();

    // New user.
    await page.goto(`${server.url}/admin/users`);
    await page.getByTestId("admin-users-new").click();
    const dialog = page.getByTestId("new-user-dialog");
    await dialog.waitFor();
    await page.getByTestId("new-user-submit").click();
    await fieldError(page, "First name is required").waitFor();
    const newEmail = `${unique("new")}@example.test`;
    await page.getByTestId("new-user-first-name").fill("Nina");
    await page.getByTestId("new-user-last-name").fill("New");
    await page.getByTestId("new-user-email").fill(newEmail);
    await page.getByTestId("new-user-password").fill("correct horse battery");
    await page.getByTestId("new-user-organization").selectOption(superadmin.organizationId);
    await page.getByTestId("new-user-submit").click();
    await page.getByTestId("admin-user-edit").waitFor();
    expect(await page.getByTestId("admin-user-name").textContent()).toBe("Nina New");
    expect(context.errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("a member who opens /admin or /admin/users is sent to the command center", async () => {
    const { server, browser } = e2e;
    const member = await createTestUser(server);
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, member);
    for (const path of ["/admin", "/admin/users"]) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/command-center`);
      await page.getByText("That area is for superadmins").first().waitFor();
    }
    await context.close();
  }, 60_000);

  for (const theme of ["dark", "light"] as const) {
    it(`pictures /admin/users and /admin/users/{id} in ${theme}`, async () => {
      const { server, browser } = e2e;
      const superadmin = await createTestUser(server, { isSuperadmin: true, firstName: "Sam" });
      const context = await newContext(browser, { colorScheme: theme });
      await presetTheme(context, theme);
      const page = await signInAs(context, server.url, superadmin);
      await page.goto(`${server.url}/admin/users`);
      await page.getByTestId("admin-user-row").first().waitFor();
      await capture(page, "admin-users", theme);
      await page.goto(`${server.url}/admin/users/${superadmin.userId}`);
      await page.getByTestId("admin-user-session").first().waitFor();
      await capture(page, "admin-user", theme);
      await context.close();
    }, 60_000);
  }
});
