import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newContext,
  presetTheme,
  screenshot,
  signInAs,
  useServerAndBrowser,
} from "../support/browser.ts";
import { type FakeOpenAI, startFakeOpenAI, textReply } from "../support/fake-openai.ts";
import { createTestUser } from "../support/server.ts";

/**
 * Workflows in Chromium (decision 028): build a two-prompt workflow in
 * /workflows/new (a validation message, a step test), save it, run it,
 * watch its steps finish live and open its draft. Screenshots of the
 * builder and of the finished run (dark, and the run in light).
 */
describe("e2e: workflows", () => {
  let model: FakeOpenAI;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    model = await startFakeOpenAI();
    model.respond((r) =>
      r.lastUserText.includes("key terms")
        ? textReply("- **Term**: 24 months\n- **Notice**: 90 days", 20)
        : textReply("# Memo\n\nThe lease runs **24 months**.", 20),
    );
    env.OPENAI_COMPATIBLE_BASE_URL = model.baseUrl;
    env.OPENAI_COMPATIBLE_MODELS = "memo-model";
  });
  afterAll(() => model?.close());
  const e2e = useServerAndBrowser(env);

  it("a member builds a workflow, tests a step, runs it, watches it and opens its draft", async () => {
    const { server, browser } = e2e;
    const member = await createTestUser(server);
    const context = await newContext(browser);
    const page = await signInAs(context, server.url, member);
    await page.goto(`${server.url}/workflows`);
    await page.getByText("No workflows yet").waitFor();
    await page.getByTestId("new-workflow").click();
    await page.waitForURL(`${server.url}/workflows/new`);

    await page.getByTestId("workflow-name").fill("Lease memo");
    await page.getByRole("button", { name: "Add input" }).click();
    await page.getByLabel("Input 1 label").fill("Client");
    await page.getByTestId("step-prompt").first().fill("List the key terms for {{inputs.client}}");
    await page.getByTestId("add-prompt-step").click();
    await page.getByTestId("step-prompt").nth(1).fill("Write a memo from {{steps.3.output}}");
    await page.getByTestId("workflow-save").click();
    await page.getByText("Step 2: {{steps.3.output}}: there is no step 3").waitFor();
    await page.getByTestId("step-prompt").nth(1).fill("Write a memo from {{steps.1.output}}");

    // Test step 1 on a sample value.
    await page.getByTestId("test-step-open").first().click();
    await page.getByTestId("test-step-panel").getByRole("textbox").first().fill("Contoso");
    await page.getByTestId("test-step-run").click();
    await page.getByTestId("test-step-output").getByText("24 months").waitFor();
    await screenshot(page, "workflow-builder-dark");
    expect(model.requests.some((r) => r.lastUserText.includes("key terms for Contoso"))).toBe(true);

    await page.getByTestId("workflow-save").click();
    await page.waitForURL(`${server.url}/workflows/lease-memo`);
    await page.getByTestId("workflow-name-heading").filter({ hasText: "Lease memo" }).waitFor();
    await page.getByTestId("workflow-run-submit").click();
    await page.getByText("Client is required").waitFor();
    await page.getByTestId("run-input-client").fill("Contoso");
    await page.getByTestId("workflow-run-submit").click();
    await page.waitForURL(/\?run=/);
    await page.locator("[data-testid=workflow-run][data-status=succeeded]").waitFor();
    await expect
      .poll(() => page.locator("[data-testid=workflow-run-step][data-status=succeeded]").count())
      .toBe(2);
    await page.getByTestId("workflow-step-output").getByText("The lease runs").waitFor();
    await page.getByTestId("workflow-runs").getByText("Lease memo").waitFor();
    await screenshot(page, "workflow-run-dark");
    const runUrl = page.url();

    await page.getByTestId("workflow-run-draft").click();
    await page.waitForURL(/\/modules\/drafts/);
    await page.getByText("The lease runs").first().waitFor();

    const light = await newContext(browser, { colorScheme: "light" });
    await presetTheme(light, "light");
    const lightPage = await signInAs(light, server.url, member);
    await lightPage.goto(runUrl);
    await lightPage.locator("[data-testid=workflow-run][data-status=succeeded]").waitFor();
    await screenshot(lightPage, "workflow-run-light");
    expect([...context.errors, ...light.errors]).toEqual([]);
    await light.close();
    await context.close();
  }, 120_000);
});
