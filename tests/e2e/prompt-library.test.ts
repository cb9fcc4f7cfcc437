import fs from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import {
  backgroundLuminance,
  newContext,
  POLL,
  presetTheme,
  screenshot,
  signInAs,
  useServerAndBrowser,
} from "../support/browser.ts";
import { callFn } from "../support/call-fn.ts";
import { assistantMessages, composer as composerOf, uploadDocument } from "../support/chat-page.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai.ts";
import { createTestUser } from "../support/server.ts";

async function openLibrary(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/prompt-library`);
  await page.getByRole("heading", { name: "Prompt Library" }).waitFor();
}

describe("e2e: prompt library", () => {
  // Two models on a loopback server that speaks OpenAI's protocol; its address is known once
  // it listens, before the app server starts (hooks run in the order they are declared).
  const env: Record<string, string> = {};
  let fake: FakeOpenAI | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    env.OPENAI_COMPATIBLE_BASE_URL = fake.baseUrl;
    env.OPENAI_COMPATIBLE_MODELS = "fake-fast,fake-smart";
    env.DEFAULT_MODEL = "compatible:fake-fast";
  });
  afterAll(async () => {
    await fake?.close();
  });
  const e2e = useServerAndBrowser(env);

  it("an admin creates a prompt; a member sees it live, fills its variable and lands in the command center", async () => {
    const { server, browser } = e2e;
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });

    const memberContext = await newContext(browser);
    const memberPage = await signInAs(memberContext, server.url, member);
    await openLibrary(memberPage, server.url);
    await expect
      .poll(() => memberPage.getByTestId("prompt-empty").textContent(), POLL)
      .toBe("No prompts yet.");
    expect(await memberPage.getByTestId("prompt-new").count()).toBe(0);

    const adminContext = await newContext(browser);
    const adminPage = await signInAs(adminContext, server.url, admin);
    await openLibrary(adminPage, server.url);
    await adminPage.getByTestId("prompt-new").click();
    await adminPage.getByTestId("prompt-form-submit").click();
    await expect
      .poll(() => adminPage.getByTestId("prompt-form").textContent(), POLL)
      .toContain("Title is required");
    await adminPage.getByTestId("prompt-form-title").fill("Welcome letter");
    // A new category, added from the form, is chosen for the prompt.
    await adminPage.getByTestId("prompt-form-category-new").click();
    await adminPage.getByTestId("prompt-form-category-name").fill("Letters");
    await adminPage.getByTestId("prompt-form-category-add").click();
    await expect
      .poll(
        () =>
          adminPage
            .getByTestId("prompt-form-category")
            .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
        POLL,
      )
      .toBe("Letters");
    await adminPage.getByTestId("prompt-form-body").fill("Write a welcome letter to {{client}}.");
    await adminPage.getByTestId("prompt-form-submit").click();
    await adminPage.getByTestId("prompt-form").waitFor({ state: "detached" });

    // The member's open library shows it without a reload.
    const card = memberPage.getByTestId("prompt-card").filter({ hasText: "Welcome letter" });
    await card.waitFor(POLL);
    expect(await card.textContent()).toContain("client");
    expect(await card.textContent()).toContain("Letters");
    expect(await card.getByTestId("prompt-edit").count()).toBe(0);

    await card.getByTestId("prompt-use").click();
    await memberPage.getByTestId("use-prompt-submit").click();
    await expect
      .poll(() => memberPage.getByTestId("use-prompt-dialog").textContent(), POLL)
      .toContain("client is required");
    await memberPage.getByTestId("prompt-variable-client").fill("Acme Corp");
    await memberPage.getByTestId("use-prompt-submit").click();
    await memberPage.waitForURL(`${server.url}/command-center`, POLL);
    await expect
      .poll(() => memberPage.getByTestId("composer-input").inputValue(), POLL)
      .toBe("Write a welcome letter to Acme Corp.");

    // In the message box, `/` offers the library; the prompt taken has its variable selected.
    const composer = memberPage.getByTestId("composer-input");
    await composer.fill("/welc");
    const item = memberPage
      .getByTestId("prompt-command-item")
      .filter({ hasText: "Welcome letter" });
    await item.waitFor(POLL);
    await screenshot(memberPage, "prompt-command-menu-dark");
    await composer.press("Enter");
    await expect
      .poll(() => composer.inputValue(), POLL)
      .toBe("Write a welcome letter to {{client}}.");
    await composer.pressSequentially("Beta Ltd");
    await expect
      .poll(() => composer.inputValue(), POLL)
      .toBe("Write a welcome letter to Beta Ltd.");
    expect(await memberPage.getByTestId("prompt-command-menu").count()).toBe(0);

    expect(memberContext.errors).toEqual([]);
    expect(adminContext.errors).toEqual([]);
  });

  it("an admin edits and archives a prompt, and a member's library follows live", async () => {
    const { server, browser } = e2e;
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    await callFn(server, api.prompts.create, { title: "Draft memo", body: "Memo" }, admin.token);

    const memberContext = await newContext(browser);
    const memberPage = await signInAs(memberContext, server.url, member);
    await openLibrary(memberPage, server.url);
    await memberPage.getByTestId("prompt-card").filter({ hasText: "Draft memo" }).waitFor(POLL);

    const adminContext = await newContext(browser);
    const adminPage = await signInAs(adminContext, server.url, admin);
    await openLibrary(adminPage, server.url);
    await adminPage.getByTestId("prompt-edit").click();
    await adminPage.getByTestId("prompt-form-title").fill(" ");
    await adminPage.getByTestId("prompt-form-submit").click();
    await adminPage.getByText("Title is required").waitFor(POLL);
    await adminPage.getByTestId("prompt-form-title").fill("Board memo");
    await adminPage.getByTestId("prompt-form-body").fill("Memo for {{board}}");
    await adminPage.getByTestId("prompt-form-submit").click();
    const edited = memberPage.getByTestId("prompt-card").filter({ hasText: "Board memo" });
    await edited.waitFor(POLL);
    expect(await edited.textContent()).toContain("board");

    await adminPage.getByTestId("prompt-archive").click();
    await edited.waitFor({ state: "detached", ...POLL });
    await memberPage.getByTestId("prompt-empty").waitFor(POLL);
    expect(memberContext.errors).toEqual([]);
    expect(adminContext.errors).toEqual([]);
  });

  it("takes screenshots of the library in dark and light", async () => {
    const { server, browser } = e2e;
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const prompts = [
      [
        "Summarize a contract",
        "Contracts",
        "Summarize {{contract}} for {{client}}: parties, term, payment and deadlines.",
      ],
      [
        "Client update email",
        "Correspondence",
        "Write a short status email to {{client}} about {{matter}}.",
      ],
      [
        "Risk review",
        "Contracts",
        "List the clauses that carry risk for {{client}}, most serious first.",
      ],
      [
        "Meeting notes to action items",
        "Productivity",
        "Turn these notes into action items: {{notes}}",
      ],
    ] as const;
    const categoryIds = new Map<string, string>();
    for (const [title, category, body] of prompts) {
      if (!categoryIds.has(category)) {
        const created = await callFn(
          server,
          api.prompts.createCategory,
          { name: category },
          admin.token,
        );
        categoryIds.set(category, created._id);
      }
      await callFn(
        server,
        api.prompts.create,
        {
          title,
          categoryId: categoryIds.get(category),
          body,
          description: `${category}: ${title.toLowerCase()}`,
        },
        admin.token,
      );
    }
    for (const theme of ["dark", "light"] as const) {
      const context = await newContext(browser, { colorScheme: theme });
      await presetTheme(context, theme);
      const page = await signInAs(context, server.url, admin);
      await openLibrary(page, server.url);
      await page.getByTestId("prompt-card").nth(3).waitFor(POLL);
      await page.evaluate(() => document.fonts.ready);
      const luminance = await backgroundLuminance(page);
      if (theme === "dark") expect(luminance).toBeLessThan(0.05);
      else expect(luminance).toBeGreaterThan(0.8);
      const file = await screenshot(page, `prompt-library-${theme}`);
      expect(fs.statSync(file).size).toBeGreaterThan(10_000);
      // The category filter keeps the prompts of the chosen category (by its id).
      const filter = page.getByTestId("prompt-category-filter");
      await filter.selectOption({ label: "Contracts" });
      await expect.poll(() => page.getByTestId("prompt-card").count(), POLL).toBe(2);
      await filter.selectOption({ label: "All categories" });
      await expect.poll(() => page.getByTestId("prompt-card").count(), POLL).toBe(4);
      await page.getByTestId("prompt-new").click();
      await page.getByTestId("prompt-form-submit").click();
      await page.getByText("Title is required").waitFor();
      await screenshot(page, `prompt-form-${theme}`);
      await page.keyboard.press("Escape");
      await page.getByTestId("prompt-use").first().click();
      await page.getByTestId("use-prompt-dialog").waitFor();
      await screenshot(page, `prompt-use-${theme}`);
      expect(context.errors).toEqual([]);
      await context.close();
    }
  });

  it("superadmins manage every organization's prompts at /admin/prompts; others are sent home", async () => {
    const { server, browser } = e2e;
    const superadmin = await createTestUser(server, {
      role: "OrganizationAdmin",
      isSuperadmin: true,
    });
    const outsider = await createTestUser(server, { role: "OrganizationAdmin" });
    const other = await callFn(
      server,
      api.prompts.createCategory,
      { name: "Other" },
      outsider.token,
    );
    await callFn(
      server,
      api.prompts.create,
      { title: "Outsider prompt", body: "For {{someone}}", categoryId: other._id },
      outsider.token,
    );

    const context = await newContext(browser);
    const page = await signInAs(context, server.url, superadmin);
    await page.getByTestId("nav-admin-prompts").click();
    await page.getByRole("heading", { name: "Prompts" }).waitFor();
    const row = page.getByTestId("admin-prompt-row").filter({ hasText: "Outsider prompt" });
    await row.waitFor(POLL);
    await page.getByTestId("admin-prompt-new").click();
    await page.getByTestId("prompt-form-title").fill("House style");
    await page.getByTestId("prompt-form-body").fill("Rewrite {{text}} in our house style.");
    await page.getByTestId("prompt-form-submit").click();
    await page
      .getByTestId("admin-prompt-row")
      .filter({ hasText: "House style" })
      .filter({ hasText: "Global" })
      .waitFor(POLL);
    await row.getByTestId("admin-prompt-archive").click();
    await row.waitFor({ state: "detached", ...POLL });
    await page.getByTestId("admin-prompt-show-archived").check();
    await row.getByTestId("admin-prompt-restore").waitFor(POLL);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "admin-prompts-dark");
    expect(context.errors).toEqual([]);

    const outsiderContext = await newContext(browser);
    const outsiderPage = await signInAs(outsiderContext, server.url, outsider);
    expect(await outsiderPage.getByTestId("nav-admin-prompts").count()).toBe(0);
    // The superadmin area's guard (decision 024) sends anyone else home with a message.
    await outsiderPage.goto(`${server.url}/admin/prompts`);
    await outsiderPage.waitForURL(`${server.url}/command-center`, POLL);
    await outsiderPage.getByText("That area is for superadmins").first().waitFor(POLL);
    expect(await outsiderPage.getByTestId("admin-prompt-row").count()).toBe(0);
    expect(outsiderContext.errors).toEqual([]);
  });
  it("a prompt with a model and a document starts the chat with them, and the member sends it", async () => {
    const { server, browser } = e2e;
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    const documentId = await uploadDocument(server, admin, "nda-acme.txt", "Mutual NDA with Acme.");
    // The admin's upload is private until shared (decision 023): shared with the organization,
    // so the members who use the prompt may read it.
    await callFn(
      server,
      api.shares.set,
      {
        entityType: "document",
        entityId: documentId,
        grantee: { organization: true },
        role: "viewer",
      },
      admin.token,
    );
    await callFn(
      server,
      api.prompts.create,
      {
        title: "NDA review",
        body: "Review the NDA for {{party}}.",
        modelId: "compatible:fake-smart",
        documentIds: [documentId],
      },
      admin.token,
    );

    const context = await newContext(browser);
    const page = await signInAs(context, server.url, member);
    await openLibrary(page, server.url);
    await page
      .getByTestId("prompt-card")
      .filter({ hasText: "NDA review" })
      .getByTestId("prompt-use")
      .click();
    await page.getByTestId("prompt-variable-party").fill("Acme");
    await page.getByTestId("use-prompt-submit").click();
    await page.waitForURL(`${server.url}/command-center`, POLL);
    const composer = composerOf(page);
    await expect.poll(() => composer.inputValue(), POLL).toBe("Review the NDA for Acme.");
    await expect
      .poll(() => page.getByTestId("model-select-label").textContent(), POLL)
      .toContain("fake-smart");
    await page.getByTestId("attached-document").filter({ hasText: "nda-acme.txt" }).waitFor(POLL);

    await composer.press("Enter");
    await assistantMessages(page).first().waitFor(POLL);
    await expect
      .poll(
        () =>
          fake?.streamedRequests().find((r) => r.lastUserText.includes("Review the NDA for Acme.")),
        POLL,
      )
      .toMatchObject({ body: { model: "fake-smart" } });
    expect(context.errors).toEqual([]);
  });
  it("an admin moves a prompt earlier and a member's library shows the new order live", async () => {
    const { server, browser } = e2e;
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    const ours = ["Alpha memo", "Beta letter", "Gamma brief"];
    for (const title of ours) {
      await callFn(server, api.prompts.create, { title, body: title }, admin.token);
    }
    // Other tests' global prompts show in every library: only this organization's are compared.
    const titles = async (page: Page) =>
      (await page.getByTestId("prompt-card").locator("h2").allTextContents()).filter((t) =>
        ours.includes(t),
      );

    const memberContext = await newContext(browser);
    const memberPage = await signInAs(memberContext, server.url, member);
    await openLibrary(memberPage, server.url);
    await expect
      .poll(() => titles(memberPage), POLL)
      .toEqual(["Alpha memo", "Beta letter", "Gamma brief"]);
    expect(await memberPage.getByTestId("prompt-move-earlier").count()).toBe(0);

    const adminContext = await newContext(browser);
    const adminPage = await signInAs(adminContext, server.url, admin);
    await openLibrary(adminPage, server.url);
    const gamma = adminPage.getByTestId("prompt-card").filter({ hasText: "Gamma brief" });
    await gamma.getByTestId("prompt-move-earlier").click();
    await expect
      .poll(() => titles(adminPage), POLL)
      .toEqual(["Alpha memo", "Gamma brief", "Beta letter"]);
    await expect
      .poll(() => titles(memberPage), POLL)
      .toEqual(["Alpha memo", "Gamma brief", "Beta letter"]);
    expect(
      await adminPage
        .getByTestId("prompt-card")
        .filter({ hasText: "Alpha memo" })
        .getByTestId("prompt-move-earlier")
        .isDisabled(),
    ).toBe(true);
    expect(memberContext.errors).toEqual([]);
    expect(adminContext.errors).toEqual([]);
  });
});
