import { describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { SPEECH_SPEED_MESSAGE, TRANSCRIPTION_TEMPERATURE_MESSAGE } from "#shared/schemas/voice.ts";
import { documents } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { enqueueProcessing } from "../../src/server/ingest/enqueue-processing.ts";
import { newContext, POLL, signInAs, useServerAndBrowser } from "../support/browser.ts";
import { callFn } from "../support/call-fn.ts";
import { txtFixture } from "../support/fixtures.ts";
import { createTestUser, type TestServer, type TestUser } from "../support/server.ts";

/** A document exactly as an upload leaves it: the worker processes it and tells its owner. */
async function uploadBehindTheScenes(server: TestServer, user: TestUser, name: string) {
  const { storage, database } = server.running.services;
  const file = txtFixture();
  const id = newId();
  const storageId = `${user.organizationId}/${id}`;
  await storage.put(storageId, file.bytes, { contentType: file.mimeType });
  await database.db.transaction(async (tx) => {
    await tx.insert(documents).values({
      id,
      organizationId: user.organizationId,
      ownerId: user.userId,
      storageId,
      name,
      fileNameOriginal: name,
      fileType: file.fileType,
      mimeType: file.mimeType,
      size: file.bytes.length,
    });
    await enqueueProcessing(tx, { organizationId: user.organizationId, documentId: id });
  });
  return id;
}

describe("e2e: notifications, support and the pocket associate", () => {
  const e2e = useServerAndBrowser();

  it("shows a notification live in the bell when a document finishes processing", async () => {
    const { server, browser } = e2e;
    const member = await createTestUser(server);
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, member);
    const bell = page.getByTestId("notification-bell");
    await expect.poll(() => bell.getAttribute("data-unread"), POLL).toBe("0");

    const documentId = await uploadBehindTheScenes(server, member, "Lease renewal.txt");
    await expect
      .poll(() => bell.getAttribute("data-unread"), { ...POLL, timeout: 60_000 })
      .toBe("1");
    expect(await page.getByTestId("notification-count").textContent()).toBe("1");

    await bell.click();
    const item = page.getByTestId("notification-menu-item").first();
    await item.waitFor(POLL);
    expect(await item.textContent()).toContain("“Lease renewal.txt” is ready");
    await item.click();
    await page.waitForURL(`${server.url}/dossier?document=${documentId}`, POLL);
    await expect.poll(() => bell.getAttribute("data-unread"), POLL).toBe("0");

    await page.goto(`${server.url}/account/notifications`);
    const row = page.getByTestId("notification-row").first();
    await row.waitFor(POLL);
    expect(await row.getAttribute("data-read")).toBe("true");
    expect(await page.getByTestId("notification-group").first().getAttribute("data-bucket")).toBe(
      "Today",
    );
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("refuses voice settings outside SPEC's limits with its messages, and saves good ones", async () => {
    const { server, browser } = e2e;
    const member = await createTestUser(server);
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, member);
    await page.goto(`${server.url}/account/pocket-associate`);
    await page.getByTestId("voice-settings-form").waitFor(POLL);
    // No speech provider here: the page says how to add one.
    expect(await page.getByTestId("voice-unavailable").textContent()).toContain(
      "SPEECH_PROVIDER_URL",
    );

    await page.getByTestId("voice-speed").fill("5");
    await page.getByTestId("voice-temperature").fill("2");
    await page.getByTestId("voice-save").click();
    const form = page.getByTestId("voice-settings-form");
    await expect.poll(() => form.textContent(), POLL).toContain(SPEECH_SPEED_MESSAGE);
    expect(await form.textContent()).toContain(TRANSCRIPTION_TEMPERATURE_MESSAGE);
    expect((await callFn(server, api.voice.getSettings, {}, member.token)).settings.speed).toBe(1);

    await page.getByTestId("voice-speed").fill("1.5");
    await page.getByTestId("voice-temperature").fill("0.2");
    await page.getByTestId("voice-voice").selectOption("nova");
    await page.getByTestId("voice-save").click();
    await expect
      .poll(
        async () => (await callFn(server, api.voice.getSettings, {}, member.token)).settings,
        POLL,
      )
      .toMatchObject({ voice: "nova", speed: 1.5, temperature: 0.2 });
    expect(await form.textContent()).not.toContain(SPEECH_SPEED_MESSAGE);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("runs a support request round trip: the member sees support's reply live", async () => {
    const { server, browser } = e2e;
    const member = await createTestUser(server);
    const superadmin = await createTestUser(server, { isSuperadmin: true });
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, member);
    await page.goto(`${server.url}/account/support`);
    await page.getByTestId("support-form").waitFor(POLL);

    // The help is searchable.
    await page.getByTestId("support-faq-search").fill("citations");
    await expect.poll(() => page.getByTestId("support-faq-entry").count(), POLL).toBe(1);

    await page.getByTestId("support-submit").click();
    await expect
      .poll(() => page.getByTestId("support-form").textContent(), POLL)
      .toContain("Subject is required");
    await page.getByTestId("support-subject").fill("Export to Word loses tables");
    await page.getByTestId("support-severity").selectOption("high");
    await page.getByTestId("support-message").fill("The tables of my draft vanish in the .docx.");
    await page.getByTestId("support-submit").click();
    const thread = page.getByTestId("support-thread");
    await thread.waitFor(POLL);
    expect(await page.getByTestId("support-status").textContent()).toBe("Waiting for support");

    const [request] = await callFn(server, api.support.listMine, {}, member.token);
    await callFn(
      server,
      api.support.reply,
      { requestId: request!._id, body: "Fixed in today's release: tables are kept." },
      superadmin.token,
    );
    const answer = thread.locator('[data-testid="support-message-item"][data-from-support="true"]');
    await answer.waitFor(POLL);
    expect(await answer.textContent()).toContain("Fixed in today's release: tables are kept.");
    await expect
      .poll(() => page.getByTestId("support-status").textContent(), POLL)
      .toBe("Answered");
    await expect
      .poll(() => page.getByTestId("notification-bell").getAttribute("data-unread"), POLL)
      .toBe("1");

    await page.getByTestId("support-reply-body").fill("Thank you, it works now.");
    await page.getByTestId("support-reply-send").click();
    await expect.poll(() => thread.getByTestId("support-message-item").count(), POLL).toBe(3);
    expect(context.errors).toEqual([]);
    await context.close();
  });
});
