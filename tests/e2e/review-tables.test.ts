import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContext, POLL, screenshot, signInAs, useServerAndBrowser } from "../support/browser.ts";
import { createFolder, insertChunk, insertDocument } from "../support/dossier-fixtures.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai.ts";
import { createTestUser } from "../support/server.ts";
import { installTableModel, type TableModel } from "../support/table-model.ts";

const CONTRACTS = [
  { name: "Alpha supply agreement.txt", law: "France" },
  { name: "Beta licence.txt", law: "Germany" },
  { name: "Gamma services.txt", law: "Spain" },
];

const QUESTION = "What is the governing law?";

describe("e2e: review tables", () => {
  // The loopback model answers each cell, quoting its first passage's first words; its address is
  // known once it listens, before the app server starts (hooks run in declaration order).
  const env: Record<string, string> = {};
  let fake: FakeOpenAI | undefined;
  let model: TableModel | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    model = installTableModel(fake);
    env.OPENAI_COMPATIBLE_BASE_URL = fake.baseUrl;
    env.OPENAI_COMPATIBLE_MODELS = "fake-table";
    env.TABLE_FILL_CONCURRENCY = "1";
  });
  afterAll(async () => {
    await fake?.close();
  });
  const e2e = useServerAndBrowser(env);

  it("builds a table from a folder, fills it live in two tabs, opens a citation at its passage, corrects a cell and exports it", async () => {
    const { server, browser } = e2e;
    if (!model) throw new Error("the table model is not installed");
    const member = await createTestUser(server);
    const folder = await createFolder(server, member, "Contracts 2024");
    for (const contract of CONTRACTS) {
      const sentence = `This Agreement is governed by the laws of ${contract.law} without regard to conflict rules.`;
      const document = await insertDocument(server, member, {
        folderId: folder._id,
        name: contract.name,
        htmlContent: `<h1>${contract.name}</h1><p>The parties agree as follows.</p><p>${sentence}</p>`,
      });
      await insertChunk(server, member, document.id, sentence);
    }

    const context = await newContext(browser);
    const page = await signInAs(context, server.url, member);
    await page.goto(`${server.url}/modules/table`);
    await page.getByTestId("tables-empty").waitFor();

    // A new table, named with the shared rule, opens at once.
    await page.getByTestId("new-table").click();
    await page.getByTestId("new-table-dialog-submit").click();
    await page.getByText("Table name is required").waitFor();
    await page.getByTestId("new-table-dialog-input").fill("Supplier contracts");
    await page.getByTestId("new-table-dialog-submit").click();
    await page.waitForURL(/\/modules\/table\/[0-9a-f-]{36}$/);
    const tableUrl = page.url();
    await page.getByTestId("table-empty").waitFor();

    // A second tab of the same table.
    const other = await context.newPage();
    await other.goto(tableUrl);
    await other.getByTestId("table-empty").waitFor();

    // Rows from a folder (with its subfolders).
    await page.getByTestId("add-documents").first().click();
    await page.getByTestId("add-folder").click();
    await page.getByTestId("folder-picker").getByText("Contracts 2024").click();
    await page.getByTestId("add-folder-submit").click();
    await page.getByTestId("add-folder-dialog").waitFor({ state: "hidden" });

    // A column: the dialog shows the schema's message first. The model holds its answers until
    // the test lets them go, so the waiting cells are there to be seen however busy the machine.
    model.hold();
    await page.getByTestId("add-column").first().click();
    await page.getByTestId("column-submit").click();
    await page.getByText("Question is required").waitFor();
    await page.getByTestId("column-question").fill(QUESTION);
    await page.getByTestId("column-submit").click();
    await page.getByTestId("column-dialog").waitFor({ state: "hidden" });
    for (const tab of [page, other]) {
      await tab.getByTestId("column-header").filter({ hasText: QUESTION }).waitFor();
      await expect.poll(() => tab.getByTestId("grid-row").count(), POLL).toBe(3);
    }

    // A new column's cells are asked at once; the other tab, never reloaded, watches them
    // wait, then fill. Cancel stops what has not been asked yet; Fill asks it again.
    const done = (tab: typeof page) =>
      tab.locator('[data-testid="grid-cell"][data-status="done"]').count();
    await other
      .locator(
        '[data-testid="grid-cell"][data-status="queued"], [data-testid="grid-cell"][data-status="running"]',
      )
      .first()
      .waitFor();
    await other.getByTestId("table-progress").waitFor();
    model.allow(1);
    await expect.poll(() => done(other), { ...POLL, timeout: 30_000 }).toBe(1);
    await page.getByTestId("cancel-fill").click();
    await page.getByTestId("fill").waitFor();
    await expect.poll(() => done(page), POLL).toBe(1);
    await page.getByTestId("fill").click();
    await other.getByTestId("cancel-fill").waitFor();
    model.release();
    await expect.poll(() => done(other), { ...POLL, timeout: 30_000 }).toBe(3);
    await expect.poll(() => done(page), POLL).toBe(3);
    await other.getByTestId("table-progress-counts").getByText("3 / 3 answered").waitFor();
    await page.getByTestId("fill").waitFor();
    await page
      .locator('[data-testid="table-progress"] [role="progressbar"][aria-valuenow="100"]')
      .waitFor();
    await page.waitForTimeout(300); // the bar's width transition
    await screenshot(page, "review-table-filled-dark");

    // A cell: its answer, explanation and citation; the citation opens the document there.
    const alphaCell = page
      .getByTestId("grid-row")
      .filter({ hasText: CONTRACTS[0]!.name })
      .getByTestId("grid-cell");
    await alphaCell.click();
    await page.getByTestId("cell-panel-question").getByText(QUESTION).waitFor();
    await page.getByTestId("cell-panel-answer").waitFor();
    await page.getByTestId("cell-panel-explanation").waitFor();
    const citation = page.getByTestId("cell-citation");
    await citation.first().getByText("This Agreement is governed").waitFor();
    await screenshot(page, "review-table-cell-panel-dark");
    await citation.first().click();
    await page.waitForURL(/\/dossier\?document=.*passage=/);
    const mark = page.locator("mark[data-passage]");
    await expect.poll(() => mark.count(), POLL).toBeGreaterThan(0);
    expect(
      await page.getByTestId("document-content").locator("mark[data-passage]").allTextContents(),
    ).toEqual(["This Agreement is governed"]);
    await mark.first().waitFor({ state: "visible" });

    // Back to the table: correct the cell by hand; both tabs mark it.
    await page.goBack();
    await page.waitForURL(tableUrl);
    await alphaCell.click();
    await page.getByTestId("cell-edit").click();
    await page.getByTestId("cell-edit-input").fill("Luxembourg");
    await page.getByTestId("cell-edit-save").click();
    await page.getByTestId("cell-panel-edited").waitFor();
    await page.keyboard.press("Escape");
    for (const tab of [page, other]) {
      const edited = tab.locator('[data-testid="grid-cell"][data-edited="true"]');
      await edited.getByText("Luxembourg").waitFor();
    }

    // Export: the CSV has the question and the corrected answer.
    await page.getByTestId("export").click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("export-csv").click(),
    ]);
    const file = await download.path();
    const csv = fs.readFileSync(file, "utf8");
    expect(csv).toContain(QUESTION);
    expect(csv).toContain("Luxembourg");
    for (const contract of CONTRACTS) expect(csv).toContain(contract.name);

    // The list: the table with its shape and progress, dark and light.
    await page.goto(`${server.url}/modules/table`);
    const item = page.getByTestId("table-list-item").filter({ hasText: "Supplier contracts" });
    await item.getByText("3 × 1").waitFor();
    await screenshot(page, "review-tables-list-dark");
    await page.evaluate(() =>
      localStorage.setItem("theme", JSON.stringify({ state: { theme: "light" }, version: 0 })),
    );
    await page.reload();
    await item.getByText("3 × 1").waitFor();
    await screenshot(page, "review-tables-list-light");

    expect(context.errors).toEqual([]);
    await context.close();
  }, 180_000);
});
