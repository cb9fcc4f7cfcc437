import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentSummary, Folder } from "#shared/schemas/dossier.ts";
import { seedDemoDossier } from "../../src/server/seed/dossier.ts";
import {
  backgroundLuminance,
  launchBrowser,
  newContext,
  POLL,
  presetTheme,
  screenshot,
  signInAs,
} from "../support/browser.ts";
import { freshMigratedDataDir } from "../support/databases.ts";
import {
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";

/** Fonts loaded, images decoded and the page's own motion settled. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) =>
        image.complete ? null : image.decode().catch(() => null),
      ),
    );
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished));
  });
}

async function capture(page: Page, name: string, theme: "dark" | "light" = "dark"): Promise<void> {
  await settle(page);
  const luminance = await backgroundLuminance(page);
  if (theme === "dark") expect(luminance).toBeLessThan(0.05);
  else expect(luminance).toBeGreaterThan(0.8);
  const file = await screenshot(page, name);
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
}

async function query<T>(server: TestServer, user: TestUser, path: string, args: unknown) {
  const result = await server.call("query", path, args, user.token);
  if (result.body.status !== "success") throw new Error(`${path}: ${result.body.errorMessage}`);
  return result.body.value as T;
}

/** Every document of the organization, folder by folder. */
async function allDocuments(server: TestServer, user: TestUser): Promise<DocumentSummary[]> {
  const folders = await query<Folder[]>(server, user, "folders.getAll", {});
  const lists = await Promise.all(
    [null, ...folders.map((f) => f._id)].map((folderId) =>
      query<{ page: DocumentSummary[] }>(server, user, "documents.list", {
        paginationOpts: { numItems: 200, cursor: null },
        filter: { folderId },
      }),
    ),
  );
  return lists.flatMap((list) => list.page);
}

/** Until every demo document is processed (the real pipeline runs in the test server). */
async function waitForProcessing(server: TestServer, user: TestUser): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const documents = await allDocuments(server, user);
    const waiting = documents.filter((d) => d.processingStatus !== "completed");
    if (documents.length > 0 && waiting.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `still processing: ${waiting.map((d) => `${d.name} (${d.processingStatus})`).join(", ")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Screenshots of the dossier for people to judge: the grid and the list with
 * the demo documents processed, an upload in progress, and the document view.
 */
describe("e2e: dossier screenshots", () => {
  let server: TestServer;
  let browser: Browser;
  let user: TestUser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer("pglite", {}, { dataDir: freshMigratedDataDir() }),
      launchBrowser(),
    ]);
    user = await createTestUser(server, { firstName: "Maya" });
    await seedDemoDossier({
      db: server.running.services.database.db,
      storage: server.running.services.storage,
      organizationId: user.organizationId,
      userIds: { superadmin: user.userId, admin: user.userId, member: user.userId },
    });
    await waitForProcessing(server, user);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows the dossier in grid and list views, an upload in progress and the document view", async () => {
    const context = await newContext(browser);
    await presetTheme(context, "dark");
    const page = await signInAs(context, server.url, user);

    await page.getByTestId("nav-dossier").click();
    await page.waitForURL(`${server.url}/dossier`);
    await expect.poll(() => page.getByTestId("folder-tile").count(), POLL).toBe(3);
    await page.getByTestId("document-card").first().waitFor();
    await page.mouse.move(0, 0);
    await capture(page, "dossier-grid");

    await page.getByTestId("folder-tile").filter({ hasText: "Board" }).getByRole("link").click();
    await page.waitForURL(`${server.url}/dossier/board`);
    await expect.poll(() => page.getByTestId("document-preview-image").count(), POLL).toBe(4);
    await page.mouse.move(0, 0);
    await capture(page, "dossier-grid-board");

    await page.goto(`${server.url}/dossier/research`);
    await page.getByTestId("view-list").click();
    await expect.poll(() => page.getByTestId("document-row").count(), POLL).toBe(4);
    await page.getByTestId("sort-name").click();
    await page.mouse.move(0, 0);
    await capture(page, "dossier-list");

    // An upload in progress: the network is slowed so the bars can be seen moving.
    await page.goto(`${server.url}/dossier/contracts`);
    await page.getByTestId("view-grid").click();
    await page.getByTestId("document-card").first().waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: 150_000,
    });
    const report = "Quarterly report ".repeat(60_000);
    await page.getByTestId("upload-input").setInputFiles([
      {
        name: "Engagement letter - Northwind.txt",
        mimeType: "text/plain",
        buffer: Buffer.from(report),
      },
      {
        name: "Retainer terms.md",
        mimeType: "text/markdown",
        buffer: Buffer.from(`# Terms\n${report}`),
      },
      { name: "Fee schedule 2025.csv", mimeType: "text/csv", buffer: Buffer.from("a,b\n1,2\n") },
      { name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") },
    ]);
    const progress = page.getByTestId("upload-progress").first();
    await expect
      .poll(async () => Number(await progress.getAttribute("aria-valuenow")), POLL)
      .toBeGreaterThan(15);
    await page.mouse.move(0, 0);
    await screenshot(page, "dossier-upload-progress");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect
      .poll(
        () => page.getByTestId("upload-item").and(page.locator('[data-status="uploaded"]')).count(),
        {
          timeout: 60_000,
          interval: 200,
        },
      )
      .toBe(3);

    // The document view of the processed contract.
    await page
      .getByTestId("document-card")
      .filter({ hasText: "Master Services Agreement" })
      .getByTestId("document-open")
      .click();
    const sheet = page.getByTestId("document-sheet");
    await sheet.getByTestId("document-content").waitFor();
    await expect.poll(() => page.url(), POLL).toContain("document=");
    await page.mouse.move(0, 0);
    await capture(page, "dossier-document-view");
    await sheet.getByTestId("document-content").scrollIntoViewIfNeeded();
    await capture(page, "dossier-document-content");

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("looks finished in the light theme too", async () => {
    const context = await newContext(browser, { colorScheme: "light" });
    await presetTheme(context, "light");
    const page = await signInAs(context, server.url, user);
    await page.goto(`${server.url}/dossier/board`);
    await expect.poll(() => page.getByTestId("document-preview-image").count(), POLL).toBe(4);
    await page.mouse.move(0, 0);
    await capture(page, "dossier-grid-light", "light");

    await page.goto(`${server.url}/dossier/research`);
    await page.getByTestId("view-list").click();
    await expect.poll(() => page.getByTestId("document-row").count(), POLL).toBe(4);
    await page.mouse.move(0, 0);
    await capture(page, "dossier-list-light", "light");

    expect(context.errors).toEqual([]);
    await context.close();
  });
});
