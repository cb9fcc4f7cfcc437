import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { messages } from "../../src/server/db/schema.ts";
import {
  launchBrowser,
  newContext,
  POLL,
  screenshot,
  signInAs,
  useServerAndBrowser,
} from "../support/browser.ts";
import { callFn } from "../support/call-fn.ts";
import {
  ask,
  assistantMessages,
  composer,
  LONG_POLL,
  lastAnswer,
  uploadDocument,
} from "../support/chat-page.ts";
import { freshMigratedDataDir } from "../support/databases.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai.ts";
import { createTestUser, startTestServer, type TestServer } from "../support/server.ts";

const FAST = "compatible:fake-fast";
const SMART = "compatible:fake-smart";

function threadIdOf(page: Page): string | null {
  return new URL(page.url()).searchParams.get("thread_id");
}

/**
 * The chat as a user meets it, in Chromium, against the real server and a
 * loopback model server that speaks OpenAI's streaming protocol.
 */
describe("e2e: AI chat", () => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    [server, browser] = await Promise.all([
      startTestServer(
        "pglite",
        {
          OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
          OPENAI_COMPATIBLE_MODELS: "fake-fast,fake-smart",
          DEFAULT_MODEL: FAST,
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

  it("streams a new chat's answer from the command center and lists the thread under Today", async () => {
    const user = await createTestUser(server, { firstName: "Nora" });
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, user);

    await ask(page, "Hello from the command center");
    await expect.poll(() => threadIdOf(page), POLL).not.toBeNull();
    const threadId = threadIdOf(page) ?? "";
    expect(threadId.length).toBeGreaterThanOrEqual(10);
    await expect
      .poll(() => lastAnswer(page).textContent(), POLL)
      .toContain("Echo: Hello from the command center");
    await expect.poll(() => lastAnswer(page).getAttribute("data-status"), POLL).toBe("complete");
    expect(await page.locator('[data-role="user"]').textContent()).toContain(
      "Hello from the command center",
    );
    // The answer was written by the model server, and kept by ours.
    expect(fake.streamedRequests().at(-1)?.lastUserText).toContain("Hello from the command center");
    const stored = await server.call(
      "query",
      "messages.getThreadMessagesOptional",
      { threadId, paginationOpts: { numItems: 10, cursor: null } },
      user.token,
    );
    const page1 = stored.body.value as { page: { role: string; content: string }[] };
    expect(page1.page.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(page1.page[1]?.content).toContain("Echo: Hello from the command center");

    await page.getByTestId("nav-threads").click();
    await page.waitForURL(`${server.url}/threads`);
    const today = page.locator('[data-testid="thread-group"][data-bucket="Today"]');
    const row = today.locator(`[data-thread-id="${threadId}"]`);
    await row.waitFor();
    // The title is generated from the first exchange.
    await expect
      .poll(() => row.getByTestId("thread-title").textContent(), LONG_POLL)
      .toContain("Fake title");

    await row.getByRole("link").click();
    await page.waitForURL(`${server.url}/threads/${threadId}`);
    await expect
      .poll(() => lastAnswer(page).textContent(), POLL)
      .toContain("Echo: Hello from the command center");
    await expect
      .poll(() => page.getByTestId("chat-title").textContent(), POLL)
      .toContain("Fake title");

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("resumes an answer after a reload in the middle of it", async () => {
    const user = await createTestUser(server);
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, user);

    // 60 words 200 ms apart: 12 s, time enough to reload in the middle on a busy machine.
    await ask(page, "[slow:200] Tell me a long story");
    await expect.poll(() => lastAnswer(page).textContent(), POLL).toContain("word3");
    await expect.poll(() => threadIdOf(page), POLL).not.toBeNull();
    const threadId = threadIdOf(page);
    const before = (await lastAnswer(page).textContent()) ?? "";
    expect(before).not.toContain("word60");

    await page.reload();
    await page.getByTestId("chat-view").waitFor();
    expect(threadIdOf(page)).toBe(threadId);
    // Still streaming after the reload, and it carries on to the end.
    await expect.poll(() => page.getByTestId("stop").count(), POLL).toBe(1);
    await expect.poll(() => lastAnswer(page).textContent(), LONG_POLL).toContain("word60.");
    await expect.poll(() => lastAnswer(page).getAttribute("data-status"), POLL).toBe("complete");
    expect(await assistantMessages(page).count()).toBe(1);
    expect(await page.locator('[data-role="user"]').count()).toBe(1);
    // One request to the model: the reload did not start the answer again.
    expect(
      fake.streamedRequests().filter((r) => r.lastUserText.includes("Tell me a long story")),
    ).toHaveLength(1);

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("attaches a document from the dossier and answers citing it", async () => {
    const user = await createTestUser(server);
    const documentId = await uploadDocument(
      server,
      user,
      "Vacation policy.txt",
      "Vacation policy. Every employee receives thirty paid vacation days per year. " +
        "Unused vacation days carry over until March.",
    );
    const contracts = await callFn(server, api.folders.create, { name: "Contracts" }, user.token);
    await callFn(
      server,
      api.folders.create,
      { name: "2024 Q1", parentId: contracts._id },
      user.token,
    );
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, user);

    await page.getByTestId("attach-documents").click();
    const dialog = page.getByTestId("document-picker");
    await dialog.waitFor();
    // The folder picker names folders as the dossier does, not by their slugs.
    await expect
      .poll(
        () => dialog.getByTestId("document-picker-folder").locator("option").allTextContents(),
        POLL,
      )
      .toEqual(["Top level", "Contracts", "Contracts / 2024 Q1"]);
    await dialog.getByTestId("document-picker-search").fill("vacation");
    const option = dialog.getByTestId(`document-option-${documentId}`);
    await option.waitFor();
    await option.click();
    await dialog.getByTestId("document-picker-confirm").click();
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(() => page.getByTestId("attached-document").textContent(), POLL)
      .toContain("Vacation policy");

    await ask(page, "[search:vacation days] How many vacation days do we get?");
    const answer = lastAnswer(page);
    await expect
      .poll(() => answer.getByTestId("tool-call").getAttribute("data-status"), LONG_POLL)
      .toBe("done");
    expect(await answer.getByTestId("tool-summary").textContent()).toContain("vacation days");
    const citation = answer.getByTestId("citation").first();
    await citation.waitFor();
    expect(await citation.textContent()).toBe("1");
    expect(await citation.getAttribute("href")).toBe(`/dossier?document=${documentId}`);
    expect(await answer.getByTestId("source-link").textContent()).toContain("Vacation policy");

    await citation.hover();
    const card = page.getByTestId("citation-card");
    await card.waitFor();
    expect(await card.textContent()).toContain("thirty paid vacation days");

    // The thread has the document, on the server too.
    const threadId = threadIdOf(page) ?? "";
    const docs = await server.call(
      "query",
      "threads.getThreadDocumentsOptional",
      { threadId },
      user.token,
    );
    expect((docs.body.value as { _id: string }[]).map((d) => d._id)).toEqual([documentId]);

    // The reference opens the document in the dossier.
    await citation.click();
    await page.waitForURL(`${server.url}/dossier?document=${documentId}`);
    await expect
      .poll(() => page.getByTestId("document-sheet-title").textContent(), POLL)
      .toContain("Vacation policy");

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("switches the model, and remembers the choice", async () => {
    const user = await createTestUser(server);
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, user);

    const select = page.getByTestId("model-select");
    await expect.poll(() => select.textContent(), POLL).toContain("fake-fast");
    await select.click();
    await page.getByTestId(`model-option-${SMART}`).click();
    await expect.poll(() => select.textContent(), POLL).toContain("fake-smart");

    await ask(page, "Which model is this?");
    await expect.poll(() => lastAnswer(page).textContent(), POLL).toContain("Echo: Which model");
    expect(fake.streamedRequests().at(-1)?.body.model).toBe("fake-smart");

    // A new chat starts with the remembered model.
    await page.getByTestId("new-chat").click();
    await page.waitForURL(`${server.url}/command-center`);
    await expect
      .poll(() => page.getByTestId("model-select").textContent(), POLL)
      .toContain("fake-smart");
    const models = await server.call("query", "models.list", {}, user.token);
    expect(models.body.value).toMatchObject({ userModelId: SMART });

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("stops an answer midway, then regenerates it", async () => {
    const user = await createTestUser(server);
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, user);

    // Slow enough (36 s in all) that the stop always lands midway; the test stops it early.
    await ask(page, "[slow:600] Count slowly");
    await expect.poll(() => lastAnswer(page).textContent(), POLL).toContain("word2");
    await page.getByTestId("stop").click();
    await page.getByTestId("message-stopped").waitFor();
    const stopped = (await lastAnswer(page).textContent()) ?? "";
    expect(stopped).not.toContain("word60");
    await page.getByTestId("send").waitFor();

    // Regenerating replaces the stopped answer with a new one.
    fake.respond((request) =>
      request.lastUserText.includes("Count slowly") && request.body.stream
        ? { kind: "stream", steps: [{ text: "A fresh answer." }] }
        : undefined,
    );
    await lastAnswer(page).getByTestId("regenerate").click();
    await expect.poll(() => lastAnswer(page).textContent(), POLL).toContain("A fresh answer.");
    expect(await assistantMessages(page).count()).toBe(1);

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("edits a question and sends it again", async () => {
    const user = await createTestUser(server);
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, user);

    await ask(page, "What is the capital of Frnace?");
    await expect.poll(() => lastAnswer(page).textContent(), POLL).toContain("Echo: What is");
    const question = page.locator('[data-role="user"]');
    await question.hover();
    await question.getByTestId("edit-message-button").click();
    await page.getByTestId("edit-message-input").fill("What is the capital of France?");
    await page.getByTestId("edit-message-send").click();
    await expect.poll(() => lastAnswer(page).textContent(), POLL).toContain("France?");
    expect(await page.locator('[data-role="user"]').count()).toBe(1);
    expect(await assistantMessages(page).count()).toBe(1);
    // Polled: under load, the stored history from before the edit can land just after the
    // answer ends and show the old question for a moment, until the edit's own push arrives.
    await expect
      .poll(() => page.locator('[data-role="user"]').textContent(), POLL)
      .toBe("What is the capital of France?");

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("renames and deletes threads in /threads, and shows which one is answering", async () => {
    const user = await createTestUser(server);
    const make = async (title: string) => {
      const created = await server.call("mutation", "threads.create", { title }, user.token);
      return (created.body.value as { _id: string })._id;
    };
    const keepId = await make("Quarterly numbers");
    const dropId = await make("Scratch thread");
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, user);

    // An answer running in another tab shows as "Answering" here, live.
    const other = await context.newPage();
    await other.goto(`${server.url}/threads/${keepId}`);
    // Still answering (48 s in all) when the renames and the delete are done; stopped below.
    await ask(other, "[slow:800] Summarize the quarter");
    await page.getByTestId("nav-threads").click();
    const keep = page.locator(`[data-thread-id="${keepId}"]`);
    await keep.getByTestId("thread-streaming").waitFor();

    await keep.hover();
    await keep.getByTestId("thread-actions").click();
    await page.getByTestId("thread-rename").click();
    const input = page.getByTestId("rename-thread-input");
    await input.fill("   ");
    await page.getByTestId("rename-thread-save").click();
    await page.getByText("Title is required").waitFor();
    await input.fill("Q3 numbers for the board");
    await page.getByTestId("rename-thread-save").click();
    await expect
      .poll(() => keep.getByTestId("thread-title").textContent(), POLL)
      .toBe("Q3 numbers for the board");
    // The other tab's header follows.
    await expect
      .poll(() => other.getByTestId("chat-title").textContent(), POLL)
      .toBe("Q3 numbers for the board");

    const drop = page.locator(`[data-thread-id="${dropId}"]`);
    await drop.hover();
    await drop.getByTestId("thread-actions").click();
    await page.getByTestId("thread-delete").click();
    await page.getByTestId("delete-thread-confirm").click();
    await drop.waitFor({ state: "detached" });
    const gone = await server.call("query", "threads.getThread", { threadId: dropId }, user.token);
    expect(gone.body.errorData?.code).toBe("NOT_FOUND");

    await other.getByTestId("stop").click();
    await other.getByTestId("message-stopped").waitFor();
    await expect.poll(() => keep.getByTestId("thread-streaming").count(), POLL).toBe(0);

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("shows the provider's error with a Retry that works", async () => {
    const user = await createTestUser(server);
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, user);

    let failures = 0;
    fake.respond((request) => {
      if (!request.lastUserText.includes("Flaky question") || !request.body.stream)
        return undefined;
      failures++;
      return failures === 1
        ? { kind: "http-error", status: 400, message: "The fake provider is unhappy today." }
        : { kind: "stream", steps: [{ text: "Second time lucky." }] };
    });
    await ask(page, "Flaky question");
    const error = page.getByText("The fake provider is unhappy today.");
    await error.waitFor();
    await page.locator('[data-testid="retry"], [data-testid="chat-retry"]').first().click();
    await expect.poll(() => lastAnswer(page).textContent(), POLL).toContain("Second time lucky.");
    await expect.poll(() => error.count(), POLL).toBe(0);

    expect(context.errors).toEqual([]);
    await context.close();
  });
});

describe("e2e: a thread of 1,000 messages", () => {
  const e2e = useServerAndBrowser();

  it("opens at its end, keeps only what is near the viewport in the page, and loads earlier messages", async () => {
    const user = await createTestUser(e2e.server);
    const created = await e2e.server.call(
      "mutation",
      "threads.create",
      { title: "A very long conversation" },
      user.token,
    );
    const threadId = (created.body.value as { _id: string })._id;
    const start = Date.now() - 2_000_000;
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      id: randomUUID(),
      organizationId: user.organizationId,
      threadId,
      userId: user.userId,
      role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
      parts: [{ type: "text", text: `Message ${i + 1}: ${"lorem ipsum ".repeat((i % 7) + 1)}` }],
      seq: i + 1,
      createdAt: new Date(start + i * 1000),
    }));
    const db = e2e.server.running.services.database.db;
    for (let i = 0; i < rows.length; i += 250)
      await db.insert(messages).values(rows.slice(i, i + 250));

    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, user);
    await page.goto(`${e2e.server.url}/threads/${threadId}`);
    await page.getByText("Message 1000:").waitFor();
    // Virtualized: a screenful of rows, not a thousand.
    const rendered = await page.getByTestId("chat-message").count();
    expect(rendered).toBeGreaterThan(3);
    expect(rendered).toBeLessThan(40);
    expect(await page.getByText("Message 850:").count()).toBe(0);

    // Earlier messages load on request, and scrolling up reaches them.
    await page.getByTestId("message-scroller").evaluate((el) => el.scrollTo({ top: 0 }));
    await page.getByTestId("load-older").click();
    await expect
      .poll(async () => {
        await page.getByTestId("message-scroller").evaluate((el) => el.scrollTo({ top: 0 }));
        return page.getByText("Message 801:").count();
      }, POLL)
      .toBe(1);
    expect(await page.getByTestId("chat-message").count()).toBeLessThan(40);

    expect(context.errors).toEqual([]);
    await context.close();
  });
});

describe("e2e: AI chat without a model", () => {
  const e2e = useServerAndBrowser();

  it("says plainly that no model is configured and how to add one, with the box disabled", async () => {
    const user = await createTestUser(e2e.server);
    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, user);
    const notice = page.getByTestId("no-model");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("No AI model is configured yet");
    expect(await notice.textContent()).toContain("administrator");
    expect(await composer(page).isDisabled()).toBe(true);
    expect(await page.getByTestId("send").isDisabled()).toBe(true);
    await screenshot(page, "chat-no-model-dark");

    expect(context.errors).toEqual([]);
    await context.close();
  });
});
