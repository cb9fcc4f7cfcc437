import { describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { callFn } from "../support/call-fn.ts";
import { insertDocument } from "../support/dossier-fixtures.ts";
import { newContext, POLL, signInAs, useServerAndBrowser } from "../support/browser.ts";
import { createTestUser } from "../support/server.ts";

/**
 * Sharing in Chromium (issue 10, decision 023): an owner shares a folder from the share
 * dialog; the colleague sees it appear live under "Shared with me", opens it, stars a document
 * and finds it under Favorites; the owner revokes and it vanishes live from both pages.
 */
describe("e2e: dossier sharing", () => {
  const e2e = useServerAndBrowser();

  it("shares a folder live, favorites inside it, and a revoke takes it away at once", async () => {
    const owner = await createTestUser(e2e.server, { firstName: "Olivia" });
    const colleague = await createTestUser(e2e.server, {
      firstName: "Colin",
      organizationId: owner.organizationId,
    });
    const folder = await callFn(e2e.server, api.folders.create, { name: "Deal room" }, owner.token);
    await insertDocument(e2e.server, owner, { folderId: folder._id, name: "Term sheet.pdf" });

    // The colleague waits on the shared area: nothing yet.
    const colleagueContext = await newContext(e2e.browser);
    const theirs = await signInAs(colleagueContext, e2e.server.url, colleague);
    await theirs.goto(`${e2e.server.url}/dossier/shared`);
    await theirs.getByTestId("shared-empty").waitFor();

    // The owner shares the folder from its page.
    const ownerContext = await newContext(e2e.browser);
    const mine = await signInAs(ownerContext, e2e.server.url, owner);
    await mine.goto(`${e2e.server.url}/dossier/deal-room`);
    await mine.getByTestId("current-folder-actions").click();
    await mine.getByTestId("folder-action-share").click();
    const dialog = mine.getByTestId("share-dialog");
    await dialog.getByTestId("share-member-search").fill("colin");
    await dialog.getByTestId("share-add-member").click();
    await dialog.getByTestId("share-access-member").filter({ hasText: "Colin" }).waitFor();
    await mine.screenshot({ path: "/work/notes/shots/dossier-share-dialog-e2e.png" });
    await dialog.getByTestId("share-done").click();

    // It appears for the colleague without a reload, with its owner and their role.
    const tile = theirs.getByTestId("folder-tile").filter({ hasText: "Deal room" });
    await tile.waitFor();
    expect(await tile.getByTestId("owner-badge").getAttribute("data-role")).toBe("viewer");
    await theirs.screenshot({ path: "/work/notes/shots/dossier-shared-area.png" });
    await tile.getByRole("link", { name: "Deal room" }).click();
    await theirs.waitForURL(`${e2e.server.url}/dossier/shared/deal-room`);
    const card = theirs.getByTestId("document-card").filter({ hasText: "Term sheet.pdf" });
    await card.waitFor();
    // A viewer gets no upload button.
    expect(await theirs.getByTestId("upload-button").count()).toBe(0);
    await card.hover();
    await card.getByTestId("document-favorite").click();
    await expect
      .poll(() => card.getByTestId("document-favorite").getAttribute("data-favorite"), POLL)
      .toBe("true");

    await theirs.getByTestId("nav-favorites").click();
    await theirs.waitForURL(`${e2e.server.url}/dossier/favorites`);
    const favorite = theirs.getByTestId("document-card").filter({ hasText: "Term sheet.pdf" });
    await favorite.waitFor();
    await theirs.screenshot({ path: "/work/notes/shots/dossier-favorites-e2e.png" });

    // The owner takes the share back: the favorite vanishes live.
    await mine.getByTestId("current-folder-actions").click();
    await mine.getByTestId("folder-action-share").click();
    await dialog.getByTestId("share-remove-member").click();
    await dialog.getByTestId("share-access-member").waitFor({ state: "detached" });
    await favorite.waitFor({ state: "detached" });
    await theirs.getByTestId("favorites-empty").waitFor();
    await theirs.getByTestId("nav-shared").click();
    await theirs.getByTestId("shared-empty").waitFor();

    expect(colleagueContext.errors).toEqual([]);
    expect(ownerContext.errors).toEqual([]);
    await Promise.all([colleagueContext.close(), ownerContext.close()]);
  }, 120_000);
});
