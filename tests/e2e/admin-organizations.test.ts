import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  backgroundLuminance,
  newContext,
  POLL,
  presetTheme,
  screenshot,
  signInAs,
  submitLogin,
  useServerAndBrowser,
} from "../support/browser.ts";
import { createTestUser, unique } from "../support/server.ts";

/**
 * /admin and /admin/organizations in Chromium (decision 026): a superadmin creates an
 * organization with its first admin, who follows the invitation link and lands in the product
 * as its OrganizationAdmin; suspending it signs them out at once and refuses their sign-in
 * with a clear message; restoring lets them in. Screenshots of both pages in both themes.
 */
describe("e2e: admin organizations", () => {
  const e2e = useServerAndBrowser();

  async function openOverview(page: Page) {
    await page.goto(`${e2e.server.url}/admin`);
    await page.getByTestId("figure-organizations").waitFor();
    await page.getByTestId("chart-documents").waitFor();
  }

  it("creates an organization whose first admin joins; suspends and restores it", async () => {
    const superadmin = await createTestUser(e2e.server, { isSuperadmin: true });
    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, superadmin);
    await openOverview(page);
    await screenshot(page, "admin-overview-dark");

    await page.getByTestId("figure-organizations").click();
    await page.waitForURL(`${e2e.server.url}/admin/organizations`);
    await page.getByTestId("admin-organization-row").first().waitFor();

    // A new organization and its first admin; the dialog shows the link to send.
    const name = unique("Contoso");
    const email = `${unique("first-admin")}@example.test`;
    await page.getByTestId("new-organization").click();
    await page.getByTestId("new-organization-name").fill(name);
    await page.getByTestId("new-organization-first-name").fill("Carla");
    await page.getByTestId("new-organization-last-name").fill("Diaz");
    await page.getByTestId("new-organization-email").fill(email);
    await page.getByTestId("new-organization-submit").click();
    const linkField = page.getByTestId("new-organization-invitation-link");
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link.startsWith(`${e2e.server.url}/invite/`)).toBe(true);
    await page.getByTestId("new-organization-done").click();
    const row = page.getByTestId("admin-organization-row").filter({ hasText: name });
    await row.getByText("1 invited").waitFor();
    await screenshot(page, "admin-organizations-dark");

    // The first admin accepts and lands in the product as the organization's admin.
    const adminContext = await newContext(e2e.browser);
    const adminPage = await adminContext.newPage();
    await adminPage.goto(link);
    await adminPage.getByTestId("invite-valid").waitFor();
    await adminPage.getByTestId("invite-first-name").fill("Carla");
    await adminPage.getByTestId("invite-last-name").fill("Diaz");
    await adminPage.getByTestId("invite-password").fill("a long enough password");
    await adminPage.getByTestId("invite-confirm-password").fill("a long enough password");
    await adminPage.getByTestId("invite-accept").click();
    await adminPage.waitForURL(`${e2e.server.url}/command-center`);
    await adminPage.goto(`${e2e.server.url}/account/organization`);
    await adminPage.getByTestId("invite-open").waitFor();
    // Live on the superadmin's page: one member, one admin, nobody invited any more.
    await row.getByText("1 member").waitFor();
    await row.getByText("1 admin").waitFor();

    // Suspend: the first admin's open page is signed out without a reload.
    await row.getByTestId("admin-organization-actions").click();
    await page.getByTestId("organization-suspend").click();
    await page.getByTestId("suspend-organization-reason").fill("Contract ended");
    await page.getByTestId("suspend-organization-confirm").click();
    await row.getByTestId("admin-organization-status").getByText("Suspended").waitFor();
    await expect.poll(() => new URL(adminPage.url()).pathname, POLL).toBe("/login");
    await submitLogin(adminPage, { email, password: "a long enough password" });
    await adminPage.getByTestId("login-error").getByText("is suspended").waitFor();

    // Restore: they sign in again.
    await row.getByTestId("admin-organization-actions").click();
    await page.getByTestId("organization-restore").click();
    await page.getByTestId("restore-organization-confirm").click();
    await row.getByTestId("admin-organization-status").getByText("Active").waitFor();
    await submitLogin(adminPage, { email, password: "a long enough password" });
    // Back where the session ended.
    await adminPage.waitForURL(`${e2e.server.url}/account/organization`);
    await adminPage.getByTestId("invite-open").waitFor();

    expect(context.errors).toEqual([]);
    // The refused sign-in is the app's own answer, shown in the form.
    expect(adminContext.errors).toEqual([]);
    await Promise.all([context.close(), adminContext.close()]);
  }, 120_000);

  it("shows /admin and /admin/organizations in the light theme", async () => {
    const superadmin = await createTestUser(e2e.server, { isSuperadmin: true });
    const context = await newContext(e2e.browser, { colorScheme: "light" });
    await presetTheme(context, "light");
    const page = await signInAs(context, e2e.server.url, superadmin);
    await openOverview(page);
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
    await screenshot(page, "admin-overview-light");
    await page.goto(`${e2e.server.url}/admin/organizations`);
    await page.getByTestId("admin-organization-row").first().waitFor();
    await screenshot(page, "admin-organizations-light");
    expect(context.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
