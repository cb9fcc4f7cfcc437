import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { DocumentSummary, Folder } from "#shared/schemas/dossier.ts";
import { documents } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { malformedPdf } from "../fixtures/hostile.ts";
import { newContext, POLL, signInAs, useServerAndBrowser } from "../support/browser.ts";
import { createTestUser, type TestServer, type TestUser } from "../support/server.ts";

/** Long enough for the real pipeline to process a small file on a busy machine. */
const PROCESSED = { timeout: 60_000, interval: 200 } as const;

interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const textFile = (name: string, text: string, mimeType = "text/plain"): UploadFile => ({
  name,
  mimeType,
  buffer: Buffer.from(text, "utf8"),
});

async function call<T>(
  server: TestServer,
  user: TestUser,
  kind: "query" | "mutation",
  path: string,
  args: unknown,
): Promise<T> {
  const result = await server.call(kind, path, args, user.token);
  if (result.body.status !== "success") throw new Error(`${path}: ${result.body.errorMessage}`);
  return result.body.value as T;
}

const createFolder = (server: TestServer, user: TestUser, name: string, parentId?: string) =>
  call<Folder>(server, user, "mutation", "folders.create", { name, parentId: parentId ?? null });

/** Uploads through the HTTP endpoint, as the page does; returns the new documents' ids. */
async function upload(
  server: TestServer,
  user: TestUser,
  folderId: string | null,
  files: UploadFile[],
): Promise<string[]> {
  const form = new FormData();
  if (folderId) form.append("folderId", folderId);
  for (const file of files) {
    form.append(
      "file",
      new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }),
      file.name,
    );
  }
  const response = await fetch(`${server.url}/api/documents/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  const body = (await response.json()) as { documents: { _id: string }[]; errorMessage?: string };
  if (!response.ok) throw new Error(`upload: ${response.status} ${body.errorMessage}`);
  return body.documents.map((d) => d._id);
}

async function listDocuments(server: TestServer, user: TestUser, folderId: string | null) {
  const result = await call<{ page: DocumentSummary[] }>(server, user, "query", "documents.list", {
    paginationOpts: { numItems: 200, cursor: null },
    filter: { folderId },
  });
  return result.page;
}

/** An uncompressed PNG of random pixels (about 300 KB). */
function noisePng(seed: number): Promise<Buffer> {
  const side = 320;
  const pixels = Buffer.alloc(side * side * 3);
  let state = seed * 2_654_435_761;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    pixels[i] = state & 0xff;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const cardNames = (page: Page) => page.getByTestId("document-card").locator("h3").allTextContents();
const rowNames = (page: Page) =>
  page.getByTestId("document-row").getByTestId("document-open").allTextContents();
const statusOf = (page: Page, name: string) =>
  page.getByTestId("document-card").filter({ hasText: name }).getAttribute("data-status");

/** Marks the page so a test can tell it was never reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    document.documentElement.dataset.sameDocument = "yes";
  });
const stillSamePage = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.sameDocument === "yes");

async function openDossier(context: BrowserContext, server: TestServer, user: TestUser, path = "") {
  const page = await signInAs(context, server.url, user);
  await page.goto(`${server.url}/dossier${path}`);
  await page.getByTestId("dossier").waitFor();
  return page;
}

/** Dossier screens in Chromium against the real server and processing pipeline (issue 3). */
describe("e2e: dossier", () => {
  const e2e = useServerAndBrowser();

  it("creates folders, uploads several files with progress, and another member sees them complete live", async () => {
    const user = await createTestUser(e2e.server, { firstName: "Lena" });
    const colleague = await createTestUser(e2e.server, { organizationId: user.organizationId });
    const outsider = await createTestUser(e2e.server);

    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, user);
    await page.getByTestId("nav-dossier").click();
    await page.waitForURL(`${e2e.server.url}/dossier`);
    await page.getByText("This folder is empty. Upload documents or create a folder.").waitFor();

    // New folder, with the shared validation messages first.
    await page.getByTestId("new-folder").click();
    const dialog = page.getByTestId("create-folder-dialog");
    await dialog.getByTestId("create-folder-dialog-submit").click();
    await dialog.getByText("Folder name is required").waitFor();
    await dialog.getByTestId("create-folder-dialog-input").fill("Q1/Q2");
    await dialog.getByTestId("create-folder-dialog-submit").click();
    await dialog.getByText("Folder name cannot contain / or \\").waitFor();
    await dialog.getByTestId("create-folder-dialog-input").fill("Client Contracts");
    await dialog.getByTestId("create-folder-dialog-submit").click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("folder-tile").filter({ hasText: "Client Contracts" }).waitFor();
    await page.getByTestId("folder-tree").getByText("Client Contracts").waitFor();

    // Into it, and a subfolder from there: breadcrumbs and the tree follow.
    await page.getByTestId("folder-tile").getByRole("link", { name: "Client Contracts" }).click();
    await page.waitForURL(`${e2e.server.url}/dossier/client-contracts`);
    await expect
      .poll(() => page.getByTestId("breadcrumbs").textContent(), POLL)
      .toBe("DossierClient Contracts");
    await page.getByTestId("new-folder").click();
    await dialog.getByTestId("create-folder-dialog-input").fill("2024");
    await dialog.getByTestId("create-folder-dialog-submit").click();
    await page.getByTestId("folder-tile").filter({ hasText: "2024" }).waitFor();
    await page.getByTestId("folder-tree").locator('[data-path="client-contracts/2024"]').waitFor();

    // The owner shares the folder with a colleague, who watches it; an outsider cannot open it.
    const folders = await call<Folder[]>(e2e.server, user, "query", "folders.getAll", {});
    const shared = folders.find((f) => f.path === "client-contracts");
    await call(e2e.server, user, "mutation", "shares.set", {
      entityType: "folder",
      entityId: shared?._id,
      grantee: { userId: colleague.userId },
      role: "viewer",
    });
    const colleagueContext = await newContext(e2e.browser);
    const watcher = await openDossier(colleagueContext, e2e.server, colleague, "/client-contracts");
    await watcher.getByTestId("empty-folder").waitFor({ state: "detached" });
    await markPage(watcher);
    const outsiderContext = await newContext(e2e.browser);
    const outsiderPage = await openDossier(
      outsiderContext,
      e2e.server,
      outsider,
      "/client-contracts",
    );
    await outsiderPage.getByTestId("folder-not-found").waitFor();

    // Several files at once over a slowed connection: each has its own progress bar.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 10,
      downloadThroughput: -1,
      uploadThroughput: 100_000,
    });
    // Photos of noise: big enough to watch the bars move, quick for the pipeline to process.
    const [lighthouse, harbour] = await Promise.all([noisePng(1), noisePng(2)]);
    await page
      .getByTestId("upload-input")
      .setInputFiles([
        { name: "Lighthouse.png", mimeType: "image/png", buffer: lighthouse },
        { name: "Harbour.png", mimeType: "image/png", buffer: harbour },
        textFile("Tide table.csv", "day,high,low\nMon,06:10,12:25\nTue,06:55,13:10\n", "text/csv"),
        textFile("installer.exe", "MZ not a document"),
      ]);
    const items = page.getByTestId("upload-item");
    await expect.poll(() => items.count(), POLL).toBe(4);
    // Two files on their way at once, each with its own bar, part-way through.
    const bars = page.getByTestId("upload-progress");
    await expect
      .poll(async () => {
        const values = await bars.evaluateAll((elements) =>
          elements.map((element) => Number(element.getAttribute("aria-valuenow"))),
        );
        return values.length >= 2 && values.some((value) => value > 0 && value < 100);
      }, POLL)
      .toBe(true);
    const refused = items.filter({ hasText: "installer.exe" });
    expect(await refused.getAttribute("data-status")).toBe("failed");
    expect(await refused.getByTestId("upload-error").textContent()).toContain(
      "This type of file is not supported.",
    );
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The three documents are processed; the panel and both tabs show it as it happens.
    const names = ["Lighthouse.png", "Harbour.png", "Tide table.csv"];
    for (const name of names) {
      await expect
        .poll(
          () => items.filter({ hasText: name }).getAttribute("data-processing-status"),
          PROCESSED,
        )
        .toBe("completed");
    }
    await expect
      .poll(() => page.getByTestId("upload-panel-title").textContent(), POLL)
      .toBe("1 of 4 uploads failed");
    for (const name of names) {
      await expect.poll(() => statusOf(watcher, name), PROCESSED).toBe("completed");
      expect(await statusOf(page, name)).toBe("completed");
    }
    expect((await cardNames(watcher)).sort()).toEqual([...names].sort());

    // A rename and a delete here show up there too.
    const tide = page.getByTestId("document-card").filter({ hasText: "Tide table.csv" });
    await tide.hover();
    await tide.getByTestId("document-actions").click();
    await page.getByTestId("document-action-rename").click();
    const rename = page.getByTestId("rename-document-dialog");
    await rename.getByTestId("rename-document-dialog-input").fill("Tide table, March.csv");
    await rename.getByTestId("rename-document-dialog-submit").click();
    await rename.waitFor({ state: "detached" });
    const keeper = page.getByTestId("document-card").filter({ hasText: "Lighthouse.png" });
    await keeper.hover();
    await keeper.getByTestId("document-actions").click();
    await page.getByTestId("document-action-delete").click();
    await page.getByTestId("delete-document-dialog-confirm").click();
    await keeper.waitFor({ state: "detached" });
    await expect
      .poll(async () => (await cardNames(watcher)).sort(), POLL)
      .toEqual(["Harbour.png", "Tide table, March.csv"]);
    expect(await stillSamePage(watcher)).toBe(true);
    expect(await outsiderPage.getByTestId("document-card").count()).toBe(0);

    expect(context.errors).toEqual([]);
    expect(colleagueContext.errors).toEqual([]);
    expect(outsiderContext.errors).toEqual([]);
    await Promise.all([context.close(), colleagueContext.close(), outsiderContext.close()]);
  }, 150_000);

  it("switches between grid and list, keeps the choice after a reload, and cycles a column's sort", async () => {
    const user = await createTestUser(e2e.server);
    const folder = await createFolder(e2e.server, user, "Sorting");
    // Uploaded one by one so the newest-first order is known: charlie, bravo, alpha.
    await upload(e2e.server, user, folder._id, [textFile("bravo.txt", "b".repeat(300))]);
    await upload(e2e.server, user, folder._id, [textFile("Alpha.txt", "a".repeat(10))]);
    await upload(e2e.server, user, folder._id, [textFile("charlie.txt", "c".repeat(2000))]);

    const context = await newContext(e2e.browser);
    const page = await openDossier(context, e2e.server, user, "/sorting");
    await expect.poll(() => page.getByTestId("document-card").count(), POLL).toBe(3);
    expect(await page.getByTestId("document-grid").isVisible()).toBe(true);
    expect(await cardNames(page)).toEqual(["charlie.txt", "Alpha.txt", "bravo.txt"]);

    await page.getByTestId("view-list").click();
    await page.getByTestId("document-table").waitFor();
    expect(await page.getByTestId("document-card").count()).toBe(0);
    const stored = await page.evaluate(() => localStorage.getItem("dossier-view"));
    expect(JSON.parse(stored ?? "null")).toMatchObject({ state: { view: "list" } });
    await page.reload();
    await expect.poll(() => page.getByTestId("document-row").count(), POLL).toBe(3);
    expect(await page.getByTestId("document-grid").count()).toBe(0);

    const header = (field: string) => page.getByTestId(`sort-${field}`);
    const ariaSort = (field: string) =>
      page.locator("th", { has: header(field) }).getAttribute("aria-sort");
    expect(await rowNames(page)).toEqual(["charlie.txt", "Alpha.txt", "bravo.txt"]);

    await header("name").click();
    expect(await ariaSort("name")).toBe("ascending");
    await expect
      .poll(() => rowNames(page), POLL)
      .toEqual(["Alpha.txt", "bravo.txt", "charlie.txt"]);
    await header("name").click();
    expect(await ariaSort("name")).toBe("descending");
    await expect
      .poll(() => rowNames(page), POLL)
      .toEqual(["charlie.txt", "bravo.txt", "Alpha.txt"]);
    await header("name").click();
    expect(await ariaSort("name")).toBe("none");
    await expect
      .poll(() => rowNames(page), POLL)
      .toEqual(["charlie.txt", "Alpha.txt", "bravo.txt"]);

    // Another column starts ascending, whatever the last one was.
    await header("name").click();
    await header("size").click();
    expect(await ariaSort("size")).toBe("ascending");
    expect(await ariaSort("name")).toBe("none");
    await expect
      .poll(() => rowNames(page), POLL)
      .toEqual(["Alpha.txt", "bravo.txt", "charlie.txt"]);
    await header("size").click();
    await expect
      .poll(() => rowNames(page), POLL)
      .toEqual(["charlie.txt", "bravo.txt", "Alpha.txt"]);

    // The status filter narrows the list and lives in the address bar.
    await page.getByTestId("status-filter").click();
    await page.getByTestId("status-filter-failed").click();
    await page.getByRole("menu").waitFor({ state: "detached" });
    await page.getByTestId("no-matches").waitFor();
    expect(page.url()).toContain("processingStatus=failed");
    await page.getByTestId("status-filter").click();
    await page.getByTestId("status-filter-all").click();
    await expect.poll(() => page.getByTestId("document-row").count(), POLL).toBe(3);
    expect(page.url()).not.toContain("processingStatus");
    await page.goto(`${page.url()}?processingStatus=bogus`);
    await expect.poll(() => page.getByTestId("document-row").count(), POLL).toBe(3);

    // Back to the grid, also kept.
    await page.getByTestId("view-grid").click();
    await page.reload();
    await expect.poll(() => page.getByTestId("document-card").count(), POLL).toBe(3);

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("moves a document and a folder with the dialogs, and shows why a move is refused", async () => {
    const user = await createTestUser(e2e.server);
    const inbox = await createFolder(e2e.server, user, "Inbox");
    const archive = await createFolder(e2e.server, user, "Archive");
    const reports = await createFolder(e2e.server, user, "Reports");
    const inner = await createFolder(e2e.server, user, "Inner", reports._id);
    await createFolder(e2e.server, user, "Reports", archive._id);
    await upload(e2e.server, user, inbox._id, [textFile("invoice-17.txt", "Invoice 17")]);

    const context = await newContext(e2e.browser);
    const page = await openDossier(context, e2e.server, user, "/inbox");
    const card = page.getByTestId("document-card").filter({ hasText: "invoice-17.txt" });
    await card.waitFor();

    await card.hover();
    await card.getByTestId("document-actions").click();
    await page.getByTestId("document-action-move").click();
    const moveDocument = page.getByTestId("move-document-dialog");
    expect(await moveDocument.getByTestId("move-document-dialog-submit").isDisabled()).toBe(true);
    await moveDocument.getByTestId("folder-picker-archive").click();
    await moveDocument.getByTestId("move-document-dialog-submit").click();
    await moveDocument.waitFor({ state: "detached" });
    await card.waitFor({ state: "detached" });
    await page.getByTestId("empty-folder").waitFor();
    expect((await listDocuments(e2e.server, user, archive._id)).map((d) => d.name)).toEqual([
      "invoice-17.txt",
    ]);

    // A folder cannot go inside itself; one with a taken name is refused by the server.
    await page.goto(`${e2e.server.url}/dossier/reports`);
    await page.getByTestId("current-folder-actions").click();
    await page.getByTestId("folder-action-move").click();
    const moveFolder = page.getByTestId("move-folder-dialog");
    expect(
      await moveFolder.getByTestId("folder-picker-reports").locator("input").isDisabled(),
    ).toBe(true);
    expect(await moveFolder.getByTestId("folder-picker-reports/inner").count()).toBe(0);
    await moveFolder.getByTestId("folder-picker-archive").click();
    await moveFolder.getByTestId("move-folder-dialog-submit").click();
    const refusal = moveFolder.getByTestId("move-folder-dialog-error");
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/already/i);
    // The refused move is not shown: Reports is still at the top level.
    expect(await page.url()).toBe(`${e2e.server.url}/dossier/reports`);

    // A move that works: the address follows the folder to its new path.
    await moveFolder.getByTestId("folder-picker-inbox").click();
    await moveFolder.getByTestId("move-folder-dialog-submit").click();
    await moveFolder.waitFor({ state: "detached" });
    await page.waitForURL(`${e2e.server.url}/dossier/inbox/reports`);
    await expect
      .poll(() => page.getByTestId("breadcrumbs").textContent(), POLL)
      .toBe("DossierInboxReports");
    const folders = await call<Folder[]>(e2e.server, user, "query", "folders.getAll", {});
    expect(folders.find((f) => f._id === inner._id)?.path).toBe("inbox/reports/inner");

    expect(context.errors).toEqual([]);
    await context.close();
  }, 150_000);

  it("opens the document view with its summary and content, downloads it under its own name, renames and deletes it", async () => {
    const user = await createTestUser(e2e.server);
    const folder = await createFolder(e2e.server, user, "Notes");
    const markdown = [
      "# Storm report",
      "",
      "The keepers logged **three storms** in March.",
      "",
      "| Day | Wind |",
      "| --- | ---- |",
      "| Mon | 40 kn |",
      "",
      '<img src="https://tracker.invalid/pixel.gif">',
      "<script>window.__pwned = true</script>",
    ].join("\n");
    await upload(e2e.server, user, folder._id, [
      textFile("storm-report.md", markdown, "text/markdown"),
    ]);

    const context = await newContext(e2e.browser);
    const page = await openDossier(context, e2e.server, user, "/notes");
    await expect.poll(() => statusOf(page, "storm-report.md"), PROCESSED).toBe("completed");

    // Full-text search finds it by a word of its content, and opens it from the result.
    await page.getByTestId("dossier-search").fill("keepers");
    const hit = page.getByTestId("search-result").filter({ hasText: "storm-report.md" });
    await hit.waitFor();
    expect(page.url()).toContain("q=keepers");
    await page.getByTestId("dossier-search").fill("zeppelin");
    await page.getByTestId("no-matches").waitFor();
    await page.getByTestId("dossier-search").fill("");
    await page.getByTestId("document-card").waitFor();

    await page.getByTestId("document-card").getByTestId("document-open").click();
    const sheet = page.getByTestId("document-sheet");
    await sheet.waitFor();
    await expect.poll(() => page.url(), POLL).toMatch(/[?&]document=/);
    expect(await sheet.getByTestId("document-sheet-title").textContent()).toBe("storm-report.md");
    const content = sheet.getByTestId("document-content");
    await content.waitFor();
    expect(await content.locator("h1").textContent()).toBe("Storm report");
    expect(await content.locator("td").first().textContent()).toBe("Mon");
    expect(await content.locator("script").count()).toBe(0);
    expect(await content.locator('img[src*="tracker.invalid"]').count()).toBe(0);
    expect(await page.evaluate(() => "__pwned" in window)).toBe(false);
    expect(await sheet.getByTestId("document-summary").textContent()).toBeTruthy();
    expect(await sheet.getByTestId("document-metadata").textContent()).toContain("Markdown");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      sheet.getByTestId("document-download").click(),
    ]);
    expect(download.suggestedFilename()).toBe("storm-report.md");
    expect(await download.failure()).toBeNull();

    // Rename from the document view: the title and the grid change at once.
    await sheet.getByTestId("document-rename").click();
    const rename = page.getByTestId("rename-document-dialog");
    await rename.getByTestId("rename-document-dialog-input").fill("  ");
    await rename.getByTestId("rename-document-dialog-submit").click();
    await rename.getByText("Document name is required").waitFor();
    await rename.getByTestId("rename-document-dialog-input").fill("March storms");
    await rename.getByTestId("rename-document-dialog-submit").click();
    await rename.waitFor({ state: "detached" });
    await expect
      .poll(() => sheet.getByTestId("document-sheet-title").textContent(), POLL)
      .toBe("March storms");
    await expect.poll(() => cardNames(page), POLL).toEqual(["March storms"]);
    // Downloads keep the original file name.
    const [again] = await Promise.all([
      page.waitForEvent("download"),
      sheet.getByTestId("document-download").click(),
    ]);
    expect(again.suggestedFilename()).toBe("storm-report.md");

    // Escape closes the view.
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    expect(page.url()).not.toContain("document=");

    await page.getByTestId("document-card").getByTestId("document-open").click();
    await sheet.getByTestId("document-delete").click();
    const confirm = page.getByTestId("delete-document-dialog");
    await confirm.getByTestId("delete-document-dialog-confirm").click();
    await sheet.waitFor({ state: "detached" });
    await page.getByTestId("empty-folder").waitFor();
    await page.getByTestId("toast").filter({ hasText: "Document deleted" }).waitFor();
    expect(await listDocuments(e2e.server, user, folder._id)).toEqual([]);

    expect(context.errors).toEqual([]);
    await context.close();
  }, 150_000);

  it("says what deleting a folder removes, then removes it; unknown paths show a way back", async () => {
    const user = await createTestUser(e2e.server);
    const projects = await createFolder(e2e.server, user, "Projects");
    const alpha = await createFolder(e2e.server, user, "Alpha", projects._id);
    await createFolder(e2e.server, user, "Beta", alpha._id);
    await upload(e2e.server, user, projects._id, [textFile("plan.txt", "plan")]);
    await upload(e2e.server, user, alpha._id, [textFile("a.txt", "a"), textFile("b.txt", "b")]);

    const context = await newContext(e2e.browser);
    const page = await openDossier(context, e2e.server, user, "/projects/alpha");
    await page.getByTestId("current-folder-actions").click();
    await page.getByTestId("folder-action-rename").click();
    const rename = page.getByTestId("rename-folder-dialog");
    await rename.getByTestId("rename-folder-dialog-input").fill("Alpha Centauri");
    await rename.getByTestId("rename-folder-dialog-submit").click();
    // The address follows the renamed folder.
    await page.waitForURL(`${e2e.server.url}/dossier/projects/alpha-centauri`);
    await expect
      .poll(() => page.getByTestId("folder-title").textContent(), POLL)
      .toBe("Alpha Centauri");

    await page.goto(`${e2e.server.url}/dossier/projects`);
    const tile = page.getByTestId("folder-tile").filter({ hasText: "Alpha Centauri" });
    await tile.hover();
    await tile.getByTestId("folder-actions").click();
    await page.getByTestId("folder-action-delete").click();
    const confirm = page.getByTestId("delete-folder-dialog");
    await expect
      .poll(() => confirm.getByTestId("delete-folder-summary").textContent(), POLL)
      .toContain("This removes 1 subfolder and 2 documents");
    await confirm.getByTestId("delete-folder-dialog-confirm").click();
    await tile.waitFor({ state: "detached" });
    await page.getByTestId("toast").filter({ hasText: "Folder deleted" }).waitFor();
    const folders = await call<Folder[]>(e2e.server, user, "query", "folders.getAll", {});
    expect(folders.map((f) => f.path)).toEqual(["projects"]);
    expect((await listDocuments(e2e.server, user, projects._id)).map((d) => d.name)).toEqual([
      "plan.txt",
    ]);

    await page.goto(`${e2e.server.url}/dossier/projects/alpha-centauri`);
    const missing = page.getByTestId("folder-not-found");
    await missing.waitFor();
    expect(await missing.textContent()).toContain("/projects/alpha-centauri");
    await missing.getByRole("link", { name: "Back to the dossier" }).click();
    await page.waitForURL(`${e2e.server.url}/dossier`);
    await page.getByTestId("folder-tile").filter({ hasText: "Projects" }).waitFor();

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("sanitizes document HTML in the browser too, whatever the server sends", async () => {
    const user = await createTestUser(e2e.server);
    const folder = await createFolder(e2e.server, user, "Hostile");
    await upload(e2e.server, user, folder._id, [textFile("plain.txt", "Nothing to see here.")]);
    await expect
      .poll(
        async () => (await listDocuments(e2e.server, user, folder._id))[0]?.processingStatus,
        PROCESSED,
      )
      .toBe("completed");

    // Stand in for a compromised or buggy server: every document's HTML becomes hostile.
    const hostile = [
      "<h2>Kept heading</h2>",
      '<img src="x" onerror="window.__pwned = 1">',
      "<script>window.__pwned = 2</script>",
      '<a href="javascript:window.__pwned = 3">click</a>',
      '<img src="https://tracker.invalid/pixel.gif">',
      '<p style="background:url(https://tracker.invalid/bg)">styled</p>',
      '<iframe src="https://tracker.invalid/frame"></iframe>',
      '<form action="https://tracker.invalid/steal"><input name="q"></form>',
    ].join("");
    const context = await newContext(e2e.browser);
    await context.routeWebSocket(/\/api\/sync/, (socket) => {
      const upstream = socket.connectToServer();
      socket.onMessage((message) => upstream.send(message));
      upstream.onMessage((message) => {
        const parsed = JSON.parse(String(message)) as { type: string; value?: unknown };
        const value = parsed.value;
        if (
          parsed.type === "query_result" &&
          value &&
          typeof value === "object" &&
          "htmlContent" in value
        ) {
          socket.send(JSON.stringify({ ...parsed, value: { ...value, htmlContent: hostile } }));
          return;
        }
        socket.send(String(message));
      });
    });
    const outside: string[] = [];
    context.on("request", (request) => {
      if (request.url().includes("tracker.invalid")) outside.push(request.url());
    });

    const page = await openDossier(context, e2e.server, user, "/hostile");
    await page.getByTestId("document-card").getByTestId("document-open").click();
    const content = page.getByTestId("document-sheet").getByTestId("document-content");
    await content.locator("h2").filter({ hasText: "Kept heading" }).waitFor();
    expect(await content.locator("script, iframe, form, input, [style], [onerror]").count()).toBe(
      0,
    );
    expect(await content.locator("img[src]").count()).toBe(0);
    expect(await content.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await content.textContent()).toContain("styled");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => "__pwned" in window)).toBe(false);
    expect(outside).toEqual([]);

    // Chrome reports the handler of the hostile <img> as blocked by the CSP as soon as
    // DOMPurify parses it in its inert document: a second line of defence, and nothing ran.
    const cspBlocked = /violates the following Content Security Policy directive 'script-src/;
    expect(context.errors.filter((error) => !cspBlocked.test(error))).toEqual([]);
    await context.close();
  });

  it("uploads files dropped onto the folder", async () => {
    const user = await createTestUser(e2e.server);
    await createFolder(e2e.server, user, "Drops");
    const context = await newContext(e2e.browser);
    const page = await openDossier(context, e2e.server, user, "/drops");
    await page.getByTestId("empty-folder").waitFor();

    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File(["Dropped minutes of the meeting."], "minutes.txt", { type: "text/plain" }),
      );
      transfer.items.add(new File(["a,b\n1,2\n"], "figures.csv", { type: "text/csv" }));
      return transfer;
    });
    const zone = page.getByTestId("drop-zone");
    await zone.dispatchEvent("dragenter", { dataTransfer });
    await page.getByText("Drop files to upload").waitFor();
    expect(await zone.getAttribute("data-active")).toBe("true");
    await zone.dispatchEvent("dragover", { dataTransfer });
    await zone.dispatchEvent("drop", { dataTransfer });
    await page.getByText("Drop files to upload").waitFor({ state: "detached" });

    for (const name of ["minutes.txt", "figures.csv"]) {
      await expect.poll(() => statusOf(page, name), PROCESSED).toBe("completed");
    }
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("shows why a document failed and processes it again on Retry", async () => {
    const user = await createTestUser(e2e.server);
    const folder = await createFolder(e2e.server, user, "Broken");
    await upload(e2e.server, user, folder._id, [
      { name: "broken.pdf", mimeType: "application/pdf", buffer: malformedPdf() },
    ]);
    const context = await newContext(e2e.browser);
    const page = await openDossier(context, e2e.server, user, "/broken");
    await expect.poll(() => statusOf(page, "broken.pdf"), PROCESSED).toBe("failed");
    await page.getByTestId("document-card").getByTestId("document-open").click();
    const sheet = page.getByTestId("document-sheet");
    const failure = sheet.getByTestId("document-processing-error");
    await failure.waitFor();
    const reason = (await listDocuments(e2e.server, user, folder._id))[0]?.processingError;
    expect(reason).toBeTruthy();
    expect(await failure.textContent()).toContain(reason ?? "");

    // Record every status the badge shows from here on.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statusesSeen: string[] }).statusesSeen = seen;
      const record = () => {
        const badge = document.querySelector(
          '[data-testid="document-sheet"] [data-testid="status-badge"]',
        );
        const status = badge?.getAttribute("data-status");
        if (status && seen.at(-1) !== status) seen.push(status);
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    });
    await sheet.getByTestId("document-retry").click();
    await expect
      .poll(
        () => page.evaluate(() => (window as unknown as { statusesSeen: string[] }).statusesSeen),
        PROCESSED,
      )
      .toContain("pending");
    await expect.poll(() => statusOf(page, "broken.pdf"), PROCESSED).toBe("failed");
    await failure.waitFor();

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("keeps a folder of 2,000 documents light: only rows in view exist, pages load as you scroll", async () => {
    const user = await createTestUser(e2e.server);
    const folder = await createFolder(e2e.server, user, "Bulk");
    const db = e2e.server.running.services.database.db;
    const now = Date.now();
    const rows = Array.from({ length: 2000 }, (_, n) => {
      const createdAt = new Date(now - n * 1000);
      return {
        id: newId(),
        organizationId: user.organizationId,
        folderId: folder._id,
        ownerId: user.userId,
        storageId: `${user.organizationId}/bulk-${n}`,
        name: `Record ${String(n).padStart(4, "0")}.txt`,
        fileNameOriginal: `Record ${n}.txt`,
        fileType: "txt",
        mimeType: "text/plain",
        size: 100 + n,
        processingStatus: "completed" as const,
        createdAt,
        updatedAt: createdAt,
      };
    });
    for (let start = 0; start < rows.length; start += 500) {
      await db.insert(documents).values(rows.slice(start, start + 500));
    }

    const context = await newContext(e2e.browser);
    const page = await openDossier(context, e2e.server, user, "/bulk");
    await page.getByTestId("view-list").click();
    await page.getByTestId("document-row").first().waitFor();
    // Only the first pages are loaded until the list is scrolled.
    expect(await page.getByTestId("folder-counts").textContent()).toMatch(/^\d+\+ documents$/);
    expect(await page.getByTestId("document-row").count()).toBeLessThan(60);

    // Scroll to the end again and again: each time the next (bigger) page loads.
    const scroller = page.getByTestId("folder-scroll");
    for (let round = 0; round < 100; round++) {
      const text = await page.getByTestId("folder-counts").textContent();
      if (text?.includes("2,000 documents")) break;
      await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await page.waitForTimeout(100);
    }
    await expect
      .poll(() => page.getByTestId("folder-counts").textContent(), POLL)
      .toContain("2,000 documents");
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.getByTestId("document-row").filter({ hasText: "Record 1999.txt" }).waitFor();
    expect(await page.getByTestId("document-row").count()).toBeLessThan(60);

    expect(context.errors).toEqual([]);
    await context.close();
  }, 150_000);
});
