import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeMailTransports } from "../../src/server/mail/send-mail.ts";
import { launchBrowser, newContext, POLL, screenshot, signInAs } from "../support/browser.ts";
import { freshMigratedDataDir } from "../support/databases.ts";
import { createTestUser, startTestServer, type TestServer, unique } from "../support/server.ts";
import { invitationLinkIn, type LoopbackSmtp, startLoopbackSmtp } from "../support/smtp.ts";

/**
 * The organization page in Chromium: an admin invites a colleague by email (a real SMTP
 * server on loopback receives it), the colleague follows the emailed link and creates their
 * account, and appears in the admin's member list without a reload; a member is offered no
 * admin action.
 */
describe("e2e: organization", () => {
  let smtp: LoopbackSmtp;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    [server, browser] = await Promise.all([
      startTestServer(
        "pglite",
        { SMTP_URL: smtp.url, MAIL_FROM: "Atrium <atrium@example.test>" },
        { dataDir: freshMigratedDataDir() },
      ),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await closeMailTransports();
    await smtp?.close();
  });

  it("an admin invites a colleague, who accepts from the emailed link and appears live", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin", firstName: "Olivia" });
    const adminContext = await newContext(browser);
    const adminPage = await signInAs(adminContext, server.url, admin);
    await adminPage.goto(`${server.url}/account/organization`);
    await adminPage.getByTestId("organization-page").waitFor();
    await adminPage.getByTestId("member-row").first().waitFor();

    const colleague = `${unique("colleague")}@example.test`;
    await adminPage.getByTestId("invite-open").click();
    await adminPage.getByTestId("invite-emails").fill(`${colleague}\n${admin.email}`);
    await adminPage.getByTestId("invite-submit").click();
    const results = adminPage.getByTestId("invite-result");
    await expect.poll(() => results.count(), POLL).toBe(2);
    expect(await results.nth(0).getAttribute("data-status")).toBe("invited");
    expect(await results.nth(0).textContent()).toContain("Invitation emailed.");
    expect(await results.nth(1).getAttribute("data-status")).toBe("alreadyMember");
    await adminPage.getByTestId("invite-done").click();
    await adminPage.getByTestId("invitation-row").filter({ hasText: colleague }).waitFor();

    const mail = await smtp.waitForMail(colleague);
    const link = invitationLinkIn(mail.raw);
    expect(link.startsWith(`${server.url}/invite/`)).toBe(true);

    const colleagueContext = await newContext(browser);
    const colleaguePage = await colleagueContext.newPage();
    await colleaguePage.goto(link);
    await colleaguePage.getByTestId("invite-valid").waitFor();
    expect(await colleaguePage.getByTestId("invite-email").textContent()).toBe(colleague);
    // The same password rules as sign-up, with the shared schema's messages.
    await colleaguePage.getByTestId("invite-first-name").fill("Grace");
    await colleaguePage.getByTestId("invite-last-name").fill("Hopper");
    await colleaguePage.getByTestId("invite-password").fill("short");
    await colleaguePage.getByTestId("invite-accept").click();
    await colleaguePage.getByText("Password must be at least 8 characters").waitFor();
    await colleaguePage.getByTestId("invite-password").fill("a long enough password");
    await colleaguePage.getByTestId("invite-confirm-password").fill("a long enough password");
    await colleaguePage.getByTestId("invite-accept").click();
    await colleaguePage.waitForURL(`${server.url}/command-center`);
    await colleaguePage.getByTestId("command-center-greeting").waitFor();

    // Live on the admin's open page: the colleague is a member, the invitation is no longer pending.
    const newRow = adminPage.getByTestId("member-row").filter({ hasText: colleague });
    await newRow.waitFor();
    expect(await newRow.getByTestId("member-name").textContent()).toBe("Grace Hopper");
    await expect
      .poll(
        () => adminPage.getByTestId("invitation-row").filter({ hasText: colleague }).count(),
        POLL,
      )
      .toBe(0);

    // The used link now says so.
    await colleaguePage.goto(link);
    await colleaguePage.getByTestId("invite-accepted").waitFor();
    await screenshot(adminPage, "organization-admin");
    expect(adminContext.errors).toEqual([]);
    expect(colleagueContext.errors).toEqual([]);
  });

  it("a member sees the organization and its members, and no admin action", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, member);
    await page.goto(`${server.url}/account/organization`);
    await page.getByTestId("organization-page").waitFor();
    await expect.poll(() => page.getByTestId("member-row").count(), POLL).toBe(2);
    expect(await page.getByTestId("org-member-note").isVisible()).toBe(true);
    for (const testId of [
      "member-actions",
      "invite-open",
      "org-invitations",
      "org-usage",
      "org-name-input",
      "org-default-model",
    ]) {
      expect(await page.getByTestId(testId).count(), testId).toBe(0);
    }
    expect(await page.getByTestId("organization-page").getAttribute("data-can-manage")).toBe(
      "false",
    );
    expect(context.errors).toEqual([]);
  });
});
