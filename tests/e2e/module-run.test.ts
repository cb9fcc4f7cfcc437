import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContext, POLL, signInAs, useServerAndBrowser } from "../support/browser.ts";
import { insertDocument } from "../support/dossier-fixtures.ts";
import {
  type FakeAutomation,
  postCallback,
  startFakeAutomation,
} from "../support/fake-automation.ts";
import { insertModule } from "../support/module-fixtures.ts";
import { createTestUser } from "../support/server.ts";

describe("e2e: running a module", () => {
  let automation: FakeAutomation;
  // Filled before the server starts (hooks run in order): the loopback automation is allowed.
  const env: Record<string, string> = {};
  beforeAll(async () => {
    automation = await startFakeAutomation();
    env.MODULE_WEBHOOK_ALLOWED_HOSTS = automation.host;
  });
  afterAll(() => automation?.close());
  const e2e = useServerAndBrowser(env);

  it("a member runs a module, watches its progress live and opens the draft it wrote", async () => {
    const { server, browser } = e2e;
    const member = await createTestUser(server);
    const document = await insertDocument(server, member, { name: "Supply agreement.pdf" });
    const module = await insertModule(server, {
      endpointUrl: `${automation.url}/hook`,
      name: "Clause finder",
      inputs: [
        {
          key: "focus",
          label: "Focus",
          type: "choice",
          required: true,
          options: ["Termination", "Liability"],
        },
        { key: "documents", label: "Contracts", type: "documents", required: true },
      ],
    });
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, member);
    await page.goto(`${server.url}/modules/${module.slug}`);
    await page.getByTestId("module-name").filter({ hasText: "Clause finder" }).waitFor();

    // The shared rule refuses a blank form before anything is sent.
    await page.getByTestId("module-run-submit").click();
    await page.getByText("Focus is required").waitFor();
    await page.getByText("Choose at least one document for Contracts").waitFor();

    await page.getByTestId("module-input-focus").selectOption("Liability");
    await page.getByRole("button", { name: "Choose documents" }).click();
    await page.getByTestId(`document-option-${document.id}`).click();
    await page.getByTestId("document-picker-confirm").click();
    await page.getByTestId("module-input-documents").getByText("Supply agreement.pdf").waitFor();
    await page.getByTestId("module-run-submit").click();

    await page.waitForURL(new RegExp(`/modules/${module.slug}/[0-9a-f-]{36}$`));
    const executionId = page.url().split("/").at(-1)!;
    const run = await automation.waitForRun(executionId);
    expect(run.body.inputs).toEqual({ focus: "Liability", documents: [document.id] });
    await page.locator('[data-testid="execution-status"][data-status="running"]').waitFor();

    await postCallback(
      server.url,
      run.body,
      { seq: 1, type: "progress", message: "Reading the agreement", percent: 50 },
      { secret: module.secret },
    );
    await page.getByTestId("execution-progress").getByText("Reading the agreement").waitFor();
    await expect
      .poll(() => page.getByTestId("execution-percent").getAttribute("aria-valuenow"), POLL)
      .toBe("50");

    await postCallback(
      server.url,
      run.body,
      {
        seq: 2,
        type: "result",
        result: {
          title: "Liability clauses",
          format: "markdown",
          content: "# Liability\n\nCapped.",
        },
      },
      { secret: module.secret },
    );
    await page.locator('[data-testid="execution-status"][data-status="succeeded"]').waitFor();
    const link = page.getByTestId("execution-draft-link");
    await link.waitFor();
    expect(await link.getAttribute("href")).toMatch(/^\/modules\/drafts\?id=[0-9a-f-]{36}$/);
    expect(await page.getByTestId("execution-cancel").count()).toBe(0);
    expect(context.errors).toEqual([]);
    await context.close();
  });
});
