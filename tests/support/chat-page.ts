import type { Page } from "playwright-core";
import { expect } from "vitest";
import { POLL } from "./browser.ts";
import type { TestServer, TestUser } from "./server.ts";

/** For a model's answer or the document pipeline: slower than POLL allows. */
export const LONG_POLL = { timeout: 30_000, interval: 100 } as const;

export const composer = (page: Page) => page.getByTestId("composer-input");
export const assistantMessages = (page: Page) =>
  page.locator('[data-testid="chat-message"][data-role="assistant"]');
export const lastAnswer = (page: Page) => assistantMessages(page).last();

/** Types a question into the chat box once it is enabled, and sends it. */
export async function ask(page: Page, text: string): Promise<void> {
  await expect.poll(() => composer(page).isEnabled(), POLL).toBe(true);
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/** Uploads a text file for `user` and waits until the pipeline has processed it. */
export async function uploadDocument(
  server: TestServer,
  user: TestUser,
  name: string,
  text: string,
): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/plain" }), name);
  const response = await fetch(`${server.url}/api/documents/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  const body = (await response.json()) as { documents?: { _id: string }[] };
  const id = body.documents?.[0]?._id;
  if (!response.ok || !id) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  await expect
    .poll(async () => {
      const result = await server.call("query", "documents.get", { documentId: id }, user.token);
      return (result.body.value as { processingStatus?: string } | undefined)?.processingStatus;
    }, LONG_POLL)
    .toBe("completed");
  return id;
}
