import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { messages, threads } from "../../src/server/db/schema.ts";
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
import { createFolder, insertDocument } from "../support/dossier-fixtures.ts";
import { createTestUser, type TestServer, type TestUser, unique } from "../support/server.ts";

/**
 * The superadmin area in Chromium (decision 024): a superadmin reads a
 * member's thread in /admin/chat, and the look is then a line of /admin/audit
 * and on the member's account; the inbox answers and closes a request.
 * Screenshots of the five pages in both themes go to .tmp/screenshots/.
 */

async function insertThread(server: TestServer, user: TestUser, title: string): Promise<string> {
  const db = server.running.services.database.db;
  const id = `thread-${crypto.randomUUID()}`;
  await db
    .insert(threads)
    .values({ id, organizationId: user.organizationId, userId: user.userId, title });
  await db.insert(messages).values(
    [
      ["user", "What notice do we give to leave the lease early?"],
      ["assistant", "**Six months'** written notice, on a quarter day."],
    ].map(([role, text], seq) => ({
      id: `${id}-${seq}`,
      organizationId: user.organizationId,
      threadId: id,
      userId: user.userId,
      role: role as "user" | "assistant",
      parts: [{ type: "text", text: text ?? "" }],
      seq,
    })),
  );
  return id;
}

async function capture(page: Page, name: string, theme: "dark" | "light"): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished));
  });
  const luminance = await backgroundLuminance(page);
  if (theme === "dark") expect(luminance).toBeLessThan(0.05);
  else expect(luminance).toBeGreaterThan(0.8);
  await screenshot(page, `admin-${name}-${theme}`);
}

describe("e2e: superadmin looks, audit log and support inbox", () => {
  const e2e = useServerAndBrowser();

  it("reads a member's thread, finds the look in the audit log, answers and closes a request", async () => {
    const { server, browser } = e2e;
    const member = await createTestUser(server, { firstName: "Mia" });
    const superadmin = await createTestUser(server, { isSuperadmin: true, firstName: "Sam" });
    const title = unique("Lease notice");
    await insertThread(server, member, title);
    const subject = unique("Export does nothing");
    await callFn(
      server,
      api.support.create,
      { subject, message: "The export button does nothing.", severity: "high" },
      member.token,
    );

    const context = await newContext(browser);
    const page = await signInAs(context, server.url, superadmin);

    await page.goto(`${server.url}/admin/chat`);
    await page.getByTestId("look-banner").waitFor();
    await page.getByTestId("admin-chat-search").fill(title);
    await page.getByTestId("admin-thread-item").filter({ hasText: title }).click();
    const thread = page.getByTestId("admin-thread");
    await thread.getByText("What notice do we give to leave the lease early?").waitFor();
    // The answer's Markdown is rendered (bold), not shown as asterisks.
    await thread.locator("strong", { hasText: "Six months'" }).waitFor();

    await page.goto(`${server.url}/admin/audit`);
    const look = page
      .getByTestId("audit-row")
      .filter({ hasText: title })
      .and(page.locator('[data-action="admin.look.thread"]'));
    await look.waitFor();
    expect(await look.textContent()).toContain("Sam User");
    const looks = await callFn(server, api.audit.listLooksAtMe, {}, member.token);
    expect(looks.map((l) => [l.action, l.targetName])).toEqual([["admin.look.thread", title]]);

    await page.goto(`${server.url}/admin/support`);
    await page.getByTestId("inbox-item").filter({ hasText: subject }).click();
    const request = page.getByTestId("inbox-thread");
    await request.getByText("The export button does nothing.").waitFor();
    await page.getByTestId("inbox-answer-body").fill("Fixed in today's release.");
    await page.getByTestId("inbox-answer-send").click();
    await request
      .locator('[data-testid="inbox-message"][data-from-support="true"]')
      .getByText("Fixed in today's release.")
      .waitFor();
    await expect
      .poll(() => request.getByTestId("inbox-status").getAttribute("data-status"), POLL)
      .toBe("answered");
    await page.getByTestId("inbox-close").click();
    await expect
      .poll(() => request.getByTestId("inbox-status").getAttribute("data-status"), POLL)
      .toBe("closed");
    const [mine] = await callFn(server, api.support.listMine, {}, member.token);
    expect(mine).toMatchObject({ subject, status: "closed", messageCount: 2 });
    expect(context.errors).toEqual([]);
    await context.close();
  }, 120_000);

  for (const theme of ["dark", "light"] as const) {
    it(`renders /admin/dossier, /admin/chat, /admin/audit, /admin/support and /admin/content in ${theme}`, async () => {
      const { server, browser } = e2e;
      const member = await createTestUser(server, { firstName: "Mia" });
      const superadmin = await createTestUser(server, { isSuperadmin: true, firstName: "Sam" });
      const folder = await createFolder(server, member, "Client files");
      await insertDocument(server, member, { folderId: folder._id, name: "Engagement letter.txt" });
      await insertDocument(server, member, { name: "Board minutes.txt" });
      const title = unique("Renewal terms");
      const threadId = await insertThread(server, member, title);
      const request = await callFn(
        server,
        api.support.create,
        { subject: "Citations open the wrong page", message: "Page 4, not 2.", severity: "normal" },
        member.token,
      );

      const context = await newContext(browser, { colorScheme: theme });
      await presetTheme(context, theme);
      const page = await signInAs(context, server.url, superadmin);

      await page.goto(`${server.url}/admin/dossier?org=${member.organizationId}`);
      await page.getByTestId("admin-folder-tile").filter({ hasText: "Client files" }).waitFor();
      await page.getByTestId("admin-document-card").filter({ hasText: "Board minutes" }).waitFor();
      await capture(page, "dossier", theme);

      await page.goto(`${server.url}/admin/chat?thread=${encodeURIComponent(threadId)}`);
      await page.getByTestId("admin-thread").getByText(title).waitFor();
      await page.getByTestId("admin-markdown").first().waitFor();
      await capture(page, "chat", theme);

      await page.goto(`${server.url}/admin/audit?org=${member.organizationId}`);
      await page.locator('[data-testid="audit-row"][data-action="admin.look.thread"]').waitFor();
      await capture(page, "audit", theme);

      await page.goto(`${server.url}/admin/support?request=${request._id}`);
      await page.getByTestId("inbox-thread").getByText("Page 4, not 2.").waitFor();
      await capture(page, "support", theme);

      await page.goto(`${server.url}/admin/content`);
      await page.getByTestId("content-help").waitFor();
      await page.getByTestId("content-prompts").locator("dd").first().waitFor();
      await capture(page, "content", theme);
      expect(context.errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
