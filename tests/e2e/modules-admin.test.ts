import { describe, expect, it } from "vitest";
import { newContext, POLL, screenshot, signInAs, useServerAndBrowser } from "../support/browser.ts";
import { createTestUser } from "../support/server.ts";

describe("e2e: module administration", () => {
  const e2e = useServerAndBrowser();

  it("a superadmin creates a webhook module (SPEC's messages, secret once); a member's /modules shows it live", async () => {
    const { server, browser } = e2e;
    const superadmin = await createTestUser(server, { isSuperadmin: true });
    const member = await createTestUser(server, { organizationId: superadmin.organizationId });

    const memberContext = await newContext(browser);
    const memberPage = await signInAs(memberContext, server.url, member);
    await memberPage.goto(`${server.url}/modules`);
    await memberPage.getByRole("heading", { name: "Modules", level: 1 }).waitFor();
    await memberPage.getByTestId("modules-empty").waitFor(POLL);
    expect(await memberPage.getByTestId("nav-admin-modules").count()).toBe(0);

    const adminContext = await newContext(browser);
    const adminPage = await signInAs(adminContext, server.url, superadmin);
    await adminPage.getByTestId("nav-admin-modules").click();
    await adminPage.getByTestId("admin-module-new").click();
    await adminPage.getByTestId("module-form-submit").click();
    const form = adminPage.getByTestId("module-form");
    await expect.poll(() => form.textContent(), POLL).toContain("Module name is required");
    expect(await form.textContent()).toContain("Slug is required");
    await screenshot(adminPage, "modules-form-errors");

    // The slug follows the name until edited, and is checked as one types.
    await adminPage.getByTestId("module-form-name").fill("Due diligence pack");
    await expect
      .poll(() => adminPage.getByTestId("module-form-slug").inputValue(), POLL)
      .toBe("due-diligence-pack");
    await adminPage.getByTestId("module-form-slug-available").waitFor(POLL);
    await adminPage.getByTestId("module-form-description").fill("Assembles a data-room index.");
    await adminPage.getByTestId("module-form-time").fill("12");
    await adminPage.getByTestId("module-icon-briefcase").click();
    await adminPage
      .getByTestId("module-form-endpoint")
      .fill("https://automation.example.test/webhook/dd");
    await adminPage.getByTestId("module-input-add").click();
    await adminPage.getByTestId("module-input-label").fill("Target company");
    await adminPage.getByTestId("module-input-key").fill("target");
    await adminPage.getByTestId("module-form-submit").click();

    // The secret, once, then the module's page.
    const secret = adminPage.getByTestId("webhook-secret-value");
    await secret.waitFor(POLL);
    expect(await secret.inputValue()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await adminPage.getByTestId("webhook-secret-done").click();
    await expect
      .poll(() => adminPage.getByTestId("admin-module-name").textContent(), POLL)
      .toBe("Due diligence pack");
    expect(await adminPage.getByTestId("admin-module-secret-state").textContent()).toContain(
      "A signing secret is set",
    );
    expect(await adminPage.content()).not.toContain("whsec_");

    await adminPage.getByTestId("nav-admin-modules").click();
    const row = adminPage.getByTestId("admin-module-row").filter({ hasText: "Due diligence pack" });
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain("All organizations");

    // The member's open catalogue shows it without a reload.
    const card = memberPage.getByTestId("module-card").filter({ hasText: "Due diligence pack" });
    await card.waitFor(POLL);
    expect(await card.textContent()).toContain("≈ 12 min");
    expect(await card.textContent()).toContain("Automation");

    // Anyone but a superadmin is sent home with a message (decision 024), as on /admin/prompts.
    await memberPage.goto(`${server.url}/admin/modules/new`);
    await memberPage.waitForURL(`${server.url}/command-center`, POLL);
    await memberPage.getByText("That area is for superadmins").first().waitFor(POLL);

    expect(memberContext.errors).toEqual([]);
    expect(adminContext.errors).toEqual([]);
  });
});
