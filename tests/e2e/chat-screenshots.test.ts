import fs from "node:fs";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threads } from "../../src/server/db/schema.ts";
import {
  backgroundLuminance,
  launchBrowser,
  newContext,
  presetTheme,
  screenshot,
  signInAs,
} from "../support/browser.ts";
import { ask, LONG_POLL, uploadDocument } from "../support/chat-page.ts";
import { freshMigratedDataDir } from "../support/databases.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai.ts";
import {
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const RICH_ANSWER = `Here is a short plan for the **quarterly review**, based on what you shared.

### Agenda

1. Revenue against target, by region
2. Hiring: open roles and time to fill
3. Risks for the next quarter

| Region | Target | Actual | Status |
|---|---:|---:|---|
| North | 1.2 M | 1.31 M | Ahead |
| South | 0.9 M | 0.84 M | Behind |
| West | 1.5 M | 1.52 M | On track |

A quick way to compute the variance:

\`\`\`ts
const variance = (actual: number, target: number) => ((actual - target) / target) * 100;
\`\`\`

> Tip: send the table to the team a day before the meeting so questions come prepared.`;

const RICH_SPLIT = RICH_ANSWER.indexOf("\n", RICH_ANSWER.indexOf("| West |"));
const RICH_HEAD = RICH_ANSWER.slice(0, RICH_SPLIT);
const RICH_TAIL = RICH_ANSWER.slice(RICH_SPLIT);

const CITED_ANSWER = `Employees receive **thirty paid vacation days** per year [1]. Days you do not use carry over, but only until the end of March of the following year [1].

Two more rules apply:

- Requests of more than ten consecutive days need your manager's approval four weeks ahead [2].
- Public holidays do not count against your allowance [2].

| Rule | Source |
|---|---|
| 30 days per year | Vacation policy [1] |
| Carry over until March | Vacation policy [1] |
| Approval 4 weeks ahead | Leave procedure [2] |`;

/** Fonts loaded and the page's own motion settled, so the picture shows the finished page. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished));
  });
}

async function capture(page: Page, name: string, theme: "dark" | "light"): Promise<void> {
  await settle(page);
  const luminance = await backgroundLuminance(page);
  if (theme === "dark") expect(luminance).toBeLessThan(0.05);
  else expect(luminance).toBeGreaterThan(0.8);
  const file = await screenshot(page, `${name}-${theme}`);
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
}

/** Moves the pointer away and drops focus, so no hover or focus ring is in the picture. */
async function rest(page: Page): Promise<void> {
  await page.mouse.move(1420, 880);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/**
 * Screenshots of the chat under .tmp/screenshots/ for people to look at: the
 * command center in the middle of an answer, a cited answer, and the threads
 * list. Each asserts the screen rendered what it should.
 */
describe("e2e: chat screenshots", () => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.respond((request) => {
      if (!request.body.stream) return undefined;
      if (request.lastUserText.includes("quarterly review")) {
        // Quickly up to the table's last row, then slowly: the test catches the answer
        // mid-stream once "West" shows, and the slow rest keeps it streaming meanwhile.
        return {
          kind: "stream",
          steps: [{ text: RICH_HEAD, delayMs: 10 }, { text: RICH_TAIL }],
          delayMs: 90,
        };
      }
      if (request.lastUserText.includes("vacation")) {
        return request.toolResults.length === 0
          ? {
              kind: "stream",
              steps: [{ toolCall: { name: "searchDocuments", args: { query: "vacation days" } } }],
              finishReason: "tool_calls",
            }
          : { kind: "stream", steps: [{ text: CITED_ANSWER }] };
      }
      return undefined;
    });
    [server, browser] = await Promise.all([
      startTestServer(
        "pglite",
        {
          OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
          OPENAI_COMPATIBLE_MODELS: "llama3.2,qwen3:8b",
        },
        { dataDir: freshMigratedDataDir() },
      ),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake?.close();
  });

  it("captures the command center mid-answer, a cited answer and the threads list", async () => {
    const user = await createTestUser(server, { firstName: "Maya" });
    await uploadDocument(
      server,
      user,
      "Vacation policy.txt",
      "Vacation policy. Every employee receives thirty paid vacation days per year. " +
        "Unused vacation days carry over until the end of March of the following year.",
    );
    await uploadDocument(
      server,
      user,
      "Leave procedure.txt",
      "Leave procedure. Vacation requests of more than ten consecutive days need the " +
        "manager's approval four weeks ahead. Public holidays do not count as vacation days.",
    );

    for (const theme of ["dark", "light"] as const) {
      const context = await newContext(browser, { colorScheme: theme });
      await presetTheme(context, theme);
      const page = await signInAs(context, server.url, user);
      await page.getByTestId("command-center-empty").waitFor();
      await page.getByTestId("model-select").waitFor();
      await rest(page);
      await capture(page, "chat-command-center-new", theme);

      // Mid-answer: the table is on screen, the answer still streaming.
      await ask(page, "Draft an agenda for our quarterly review, with the regional numbers");
      const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
      await expect.poll(() => answer.textContent(), LONG_POLL).toContain("West");
      expect(await answer.getAttribute("data-status")).toBe("streaming");
      expect(await page.getByTestId("stop").count()).toBe(1);
      await rest(page);
      await screenshot(page, `chat-command-center-mid-answer-${theme}`);
      await expect.poll(() => answer.getAttribute("data-status"), LONG_POLL).toBe("complete");

      // A cited answer: the search it ran, [n] references and the sources.
      await page.getByTestId("new-chat").click();
      await page.getByTestId("command-center-empty").waitFor();
      await ask(page, "How many vacation days do we get, and what are the rules?");
      const cited = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
      await expect.poll(() => cited.getByTestId("citation").count(), LONG_POLL).toBeGreaterThan(3);
      await expect.poll(() => cited.getAttribute("data-status"), LONG_POLL).toBe("complete");
      expect(await cited.getByTestId("source-link").count()).toBeGreaterThanOrEqual(2);
      await rest(page);
      await capture(page, "chat-cited-answer", theme);
      // Hovering a reference shows the passage it cites.
      await cited.getByTestId("citation").last().hover();
      const card = page.getByTestId("citation-card");
      await card.waitFor();
      expect(await card.textContent()).toContain("four weeks ahead");
      await settle(page);
      await capture(page, "chat-citation-passage", theme);

      if (theme === "dark") await captureMoreStates(page);

      // The threads list, grouped by date.
      if (theme === "dark") await spreadThreadsOverTime(server, user);
      await page.getByTestId("nav-threads").click();
      await page.getByTestId("threads-page").waitFor();
      await expect
        .poll(() => page.getByTestId("thread-group").count(), LONG_POLL)
        .toBeGreaterThanOrEqual(3);
      await rest(page);
      await capture(page, "chat-threads-list", theme);

      expect(context.errors).toEqual([]);
      await context.close();
    }
  }, 240_000);
});

/** The attach dialog, a reasoning model's answer and a failed answer (dark theme). */
async function captureMoreStates(page: Page): Promise<void> {
  await page.getByTestId("new-chat").click();
  await page.getByTestId("command-center-empty").waitFor();
  await page.getByTestId("attach-documents").click();
  const dialog = page.getByTestId("document-picker");
  await dialog.waitFor();
  const options = dialog.locator('[data-testid^="document-option-"]');
  await expect.poll(() => options.count(), LONG_POLL).toBe(2);
  await options.first().click();
  await rest(page);
  await capture(page, "chat-attach-dialog", "dark");
  await dialog.getByTestId("document-picker-confirm").click();
  await dialog.waitFor({ state: "detached" });

  await page.getByTestId("model-select").click();
  await page.getByTestId("model-option-compatible:qwen3:8b").click();
  await ask(page, "[think] What is six times seven?");
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect.poll(() => answer.getAttribute("data-status"), LONG_POLL).toBe("complete");
  await answer.getByTestId("reasoning").waitFor();
  expect(await answer.getByTestId("markdown").textContent()).toBe("The answer is 42.");

  await ask(page, "[error:429] And now?");
  await page.getByText("Fake provider refused the request (HTTP 429).").first().waitFor();
  await rest(page);
  await capture(page, "chat-reasoning-and-error", "dark");
}

/** Older threads for the list: made through the API, then dated back in the database. */
async function spreadThreadsOverTime(server: TestServer, user: TestUser): Promise<void> {
  const titles: [string, number][] = [
    ["Onboarding checklist for new hires", 1],
    ["Summarize the supplier contract", 1.2],
    ["Compare insurance offers", 3],
    ["Travel expense rules", 5],
    ["Board meeting minutes, March", 12],
    ["GDPR questions from the audit", 24],
    ["Office move: timeline and budget", 80],
  ];
  const db = server.running.services.database.db;
  for (const [title, daysAgo] of titles) {
    const created = await server.call("mutation", "threads.create", { title }, user.token);
    const id = (created.body.value as { _id: string })._id;
    await db
      .update(threads)
      .set({ lastMessageAt: new Date(Date.now() - daysAgo * DAY_MS) })
      .where(eq(threads.id, id));
  }
}
