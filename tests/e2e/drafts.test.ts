import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { insertDraft } from "../../src/server/drafts/draft-writes.ts";
import { newContext, POLL, signInAs, useServerAndBrowser } from "../support/browser.ts";
import { callFn } from "../support/call-fn.ts";
import { createTestUser } from "../support/server.ts";

const SHOTS = "/work/notes/shots";
const shot = async (page: import("playwright-core").Page, name: string) => {
  if (!fs.existsSync(SHOTS)) return;
  await page.screenshot({ path: `${SHOTS}/drafts-${name}.png` });
};

describe("e2e: drafts", () => {
  const e2e = useServerAndBrowser();

  it("a member edits a draft, compares it with the previous version and saves it into a folder as Word, where it is processed", async () => {
    const { server, browser } = e2e;
    const member = await createTestUser(server);
    const folder = await callFn(server, api.folders.create, { name: "Contracts" }, member.token);
    await insertDraft(server.running.services.database.db, {
      organizationId: member.organizationId,
      userId: member.userId,
      executionId: null,
      moduleId: null,
      title: "Lease review",
      status: "ready",
      content:
        "<h2>Summary</h2><p>The tenant may terminate after five years.</p><ul><li><p>Rent reviewed yearly.</p></li></ul>",
    });

    const page = await signInAs(await newContext(browser), server.url, member);
    await page.goto(`${server.url}/modules/drafts`);
    await page.getByRole("heading", { name: "Drafts" }).waitFor();
    await page.getByTestId("draft-item").filter({ hasText: "Lease review" }).click();
    await page.getByTestId("draft-content").getByText("terminate after five years").waitFor();
    expect(page.url()).toContain("id=");
    expect(await page.getByTestId("draft-compare-button").count()).toBe(0);

    // Edit in the rich-text editor and save: version 2.
    await page.getByTestId("draft-edit").click();
    const editor = page.getByTestId("draft-editor-content");
    await editor.waitFor();
    await editor.getByText("Rent reviewed yearly.").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Capped at three percent.");
    await shot(page, "e2e-editor");
    await page.getByTestId("draft-edit-save").click();
    await page.getByTestId("draft-content").getByText("Capped at three percent.").waitFor();
    await expect
      .poll(() => page.getByTestId("draft-version").textContent(), POLL)
      .toBe("Version 2");

    // Compare with version 1: the added words are marked.
    await page.getByTestId("draft-compare-button").click();
    const compare = page.getByTestId("draft-compare");
    await compare.getByTestId("draft-diff").waitFor();
    expect(await compare.getByTestId("diff-added").allTextContents()).toEqual([
      " Capped at three percent.",
    ]);
    expect(await compare.getByTestId("diff-removed").count()).toBe(0);
    await page.keyboard.press("Escape");
    await compare.waitFor({ state: "detached" });

    // Save into the folder as Word, then open it in the dossier.
    await page.getByTestId("draft-save-to-dossier").click();
    const dialog = page.getByTestId("save-to-dossier");
    await dialog.getByTestId(`folder-picker-${folder.path}`).click();
    await dialog.getByTestId("save-format-docx").click();
    await dialog.getByTestId("save-confirm").click();
    await dialog.getByText("Saved to the dossier").waitFor();
    await expect
      .poll(() => page.getByTestId("draft-status").first().getAttribute("data-status"), POLL)
      .toBe("saved");
    await dialog.getByTestId("save-open-document").click();
    await page.waitForURL(new RegExp(`/dossier/${folder.path}\\?document=`));
    const seen = new Set<string | null>();
    await expect
      .poll(
        async () => {
          const status = await page
            .locator("[data-status], [data-processing-status]")
            .filter({ hasText: "Lease review.docx" })
            .first()
            .evaluate(
              (el) => el.getAttribute("data-status") ?? el.getAttribute("data-processing-status"),
            )
            .catch(() => null);
          seen.add(status);
          return status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe("completed");
    expect(
      [...seen].every((s) => s === null || ["pending", "processing", "completed"].includes(s)),
    ).toBe(true);
  });
});
