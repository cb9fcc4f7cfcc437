import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { documents } from "../../src/server/db/schema.ts";
import { recordSearchTerms } from "../../src/server/ingest/chunk-embeddings.ts";
import { newContext, screenshot, signInAs, useServerAndBrowser } from "../support/browser.ts";
import { callFn } from "../support/call-fn.ts";
import { insertChunk, insertDocument } from "../support/dossier-fixtures.ts";
import { createTestUser } from "../support/server.ts";

/**
 * Search in Chromium (issue 10, decision 031): a search from the box, a file-type and tag
 * filter with the active-filter count, the recent searches, and a hit that opens the document
 * panel at its passage with the matched words marked (screenshot).
 */
describe("e2e: dossier search", () => {
  const e2e = useServerAndBrowser();

  it("searches with filters and history, and opens a hit at its highlighted passage", async () => {
    const owner = await createTestUser(e2e.server, { firstName: "Olivia" });
    const folder = await callFn(e2e.server, api.folders.create, { name: "Matters" }, owner.token);
    const filler = Array.from(
      { length: 30 },
      (_, i) => `<p>Recital ${i + 1}: the parties record the background of the transaction.</p>`,
    ).join("");
    const passage =
      "The supplier shall indemnify the customer against every claim of infringement.";
    const lease = await insertDocument(e2e.server, owner, {
      folderId: folder._id,
      name: "Supply agreement.pdf",
      htmlContent: `${filler}<p>${passage}</p><p>Governing law: England.</p>`,
    });
    await insertChunk(e2e.server, owner, lease.id, passage);
    const memo = await insertDocument(e2e.server, owner, {
      folderId: folder._id,
      name: "Indemnity memo.txt",
      htmlContent: "<p>A memo on the indemnity cap.</p>",
    });
    await insertChunk(e2e.server, owner, memo.id, "A memo on the indemnify clause and its cap.");
    const db = e2e.server.running.services.database.db;
    await db.update(documents).set({ fileType: "pdf" }).where(eqId(lease.id));
    for (const id of [lease.id, memo.id]) await recordSearchTerms(db, owner.organizationId, id);
    await callFn(
      e2e.server,
      api.documents.setTags,
      { documentId: lease.id, tags: ["Contract"], primaryTagName: "Contract" },
      owner.token,
    );

    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, owner);
    await page.goto(`${e2e.server.url}/dossier/matters`);
    await page.getByTestId("dossier-search").fill("indemnify");
    const results = page.getByTestId("search-result");
    await expect.poll(() => results.count(), { timeout: 20_000 }).toBe(2);
    expect(await page.getByTestId("search-mode").textContent()).toMatch(/no embedding model/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("indemnify");

    // Filters: a file type and a tag; the Filters button counts two.
    await page.getByTestId("filters-button").click();
    await page.getByTestId("filter-panel").waitFor();
    await page.getByTestId("filter-type-pdf").click();
    await page.getByTestId("filter-tag").filter({ hasText: "Contract" }).click();
    await expect
      .poll(() => page.getByTestId("filter-count").textContent(), { timeout: 10_000 })
      .toBe("2");
    await expect.poll(() => results.count(), { timeout: 20_000 }).toBe(1);
    const url = new URL(page.url());
    expect(url.searchParams.get("tags")).toContain("Contract");
    expect(url.searchParams.get("fileTypes")).toContain("pdf");

    // The search is in the recent searches, with its filters.
    await page.getByTestId("history-button").click();
    const entry = page.getByTestId("history-entry").first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain("indemnify");
    expect(await entry.textContent()).toContain("2 filters");

    // A passage opens the document at that passage, the words marked.
    await page.getByTestId("history-button").click();
    await page.getByTestId("search-passage").first().click();
    const sheet = page.getByTestId("document-sheet");
    const mark = sheet.getByTestId("content-highlight").first();
    await mark.waitFor({ timeout: 20_000 });
    expect((await mark.textContent())?.toLowerCase()).toBe("indemnify");
    await expect.poll(() => mark.isVisible()).toBe(true);
    // Scrolled to it: the mark is inside the sheet's visible area.
    await expect
      .poll(
        async () => {
          const box = await mark.boundingBox();
          const viewport = page.viewportSize();
          return Boolean(box && viewport && box.y > 0 && box.y < viewport.height);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await screenshot(page, "dossier-search-hit-highlighted");
    await context.close();
  }, 120_000);
});

function eqId(id: string) {
  return eq(documents.id, id);
}
