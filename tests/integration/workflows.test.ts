import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArgsOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import type { WorkflowRun } from "#shared/schemas/workflow.ts";
import { callFn, callFnError } from "../support/call-fn.ts";
import { insertChunk, insertDocument } from "../support/dossier-fixtures.ts";
import { type FakeAutomation, postCallback } from "../support/fake-automation.ts";
import type { FakeOpenAI } from "../support/fake-openai.ts";
import { type ModelServer, pollUntil, startModelServer } from "../support/model-server.ts";
import { insertModule } from "../support/module-fixtures.ts";
import { createTestUser, DB_KINDS, type TestServer, type TestUser } from "../support/server.ts";
import { installTableModel } from "../support/table-model.ts";

/**
 * Workflows on PGlite and PostgreSQL (decision 028): who may create, edit,
 * archive and run them, and see which run; a three-step run chaining a
 * prompt, a module (through the loopback automation) and a prompt (through
 * the loopback model) into a draft; a failed step retried alone.
 */

type CreateArgs = ArgsOf<typeof api.workflows.create>;

describe.each(DB_KINDS)("workflows (%s)", (kind) => {
  let stack: ModelServer;
  let server: TestServer;
  let automation: FakeAutomation;
  let model: FakeOpenAI;

  beforeAll(async () => {
    stack = await startModelServer(kind, { models: "step-model", automation: true });
    ({ server, model } = stack);
    automation = stack.automation!;
    installTableModel(model);
  });
  afterAll(() => stack?.close());

  async function people() {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    const colleague = await createTestUser(server, { organizationId: admin.organizationId });
    const outsider = await createTestUser(server, { role: "OrganizationAdmin" });
    return { admin, member, colleague, outsider };
  }

  const twoPrompts = (
    name: string,
    second = "Write a memo from {{steps.1.output}}",
  ): CreateArgs => ({
    name,
    description: "Two prompts",
    inputs: [{ key: "client", label: "Client", type: "text", required: true }],
    steps: [
      { kind: "prompt", title: "Key terms", prompt: "Extract the key terms for {{inputs.client}}" },
      { kind: "prompt", title: "Memo", prompt: second },
    ],
  });

  const modelCalls = (marker: string) =>
    model.requests.filter((r) => r.lastUserText.includes(marker)).length;

  const waitForRun = (
    user: TestUser,
    runId: string,
    accept: (run: WorkflowRun) => boolean,
    timeoutMs = 20_000,
  ) =>
    pollUntil(() => callFn(server, api.workflows.getRun, { runId }, user.token), accept, {
      what: "run",
      timeoutMs,
    });

  it("lets admins and (when allowed) members create; authors and admins edit; the organization runs; others find nothing", async () => {
    const { admin, member, colleague, outsider } = await people();
    expect(await callFn(server, api.workflows.getPermissions, {}, member.token)).toEqual({
      canCreate: true,
      canChangeSetting: false,
      membersCanCreate: true,
    });
    const mine = await callFn(
      server,
      api.workflows.create,
      twoPrompts("Contract memo"),
      member.token,
    );
    expect(mine).toMatchObject({ slug: "contract-memo", canEdit: true, createdBy: member.userId });
    const again = await callFn(
      server,
      api.workflows.create,
      twoPrompts("Contract memo"),
      admin.token,
    );
    expect(again.slug).toBe("contract-memo-2");
    const reserved = await callFn(server, api.workflows.create, twoPrompts("New"), admin.token);
    expect(reserved.slug).toBe("new-2");

    // The colleague sees and runs it, but may not change it; the admin may.
    const seen = await callFn(
      server,
      api.workflows.getBySlug,
      { slug: mine.slug },
      colleague.token,
    );
    expect(seen).toMatchObject({ _id: mine._id, canEdit: false });
    const update = { ...twoPrompts("Contract memo v2"), workflowId: mine._id };
    expect((await callFnError(server, api.workflows.update, update, colleague.token)).code).toBe(
      "FORBIDDEN",
    );
    expect(
      (await callFnError(server, api.workflows.archive, { workflowId: mine._id }, colleague.token))
        .code,
    ).toBe("FORBIDDEN");
    expect((await callFn(server, api.workflows.update, update, admin.token)).name).toBe(
      "Contract memo v2",
    );
    expect((await callFn(server, api.workflows.update, update, member.token)).slug).toBe(
      "contract-memo",
    );
    const { runId } = await callFn(
      server,
      api.workflows.run,
      { slug: mine.slug, inputs: { client: "ACME" } },
      colleague.token,
    );

    // Another organization finds nothing of it.
    expect(
      await callFn(server, api.workflows.getBySlug, { slug: mine.slug }, outsider.token),
    ).toBeNull();
    expect(await callFn(server, api.workflows.list, {}, outsider.token)).toEqual([]);
    for (const [contract, args] of [
      [api.workflows.update, update],
      [api.workflows.archive, { workflowId: mine._id }],
      [api.workflows.run, { slug: mine.slug, inputs: { client: "x" } }],
      [api.workflows.cancelRun, { runId }],
      [api.workflows.retryStep, { runId }],
    ] as const) {
      // biome-ignore lint/suspicious/noExplicitAny: a table of contracts with their own args
      expect((await callFnError(server, contract as any, args, outsider.token)).code).toBe(
        "NOT_FOUND",
      );
    }
    // A run is its member's only, even for the organization's admin.
    for (const other of [outsider, admin, member]) {
      expect(await callFn(server, api.workflows.getRun, { runId }, other.token)).toBeNull();
      expect(
        (await callFnError(server, api.workflows.cancelRun, { runId }, other.token)).code,
      ).toBe("NOT_FOUND");
    }
    expect(await callFn(server, api.workflows.listRuns, {}, admin.token)).toEqual([]);
    expect(
      (await callFn(server, api.workflows.listRuns, {}, colleague.token)).map((r) => r._id),
    ).toEqual([runId]);
    await waitForRun(colleague, runId, (r) => r.status === "succeeded");

    // Admins may stop members from creating; only admins may change that.
    expect(
      (
        await callFnError(
          server,
          api.workflows.setMembersCanCreate,
          { allowed: false },
          member.token,
        )
      ).code,
    ).toBe("FORBIDDEN");
    await callFn(server, api.workflows.setMembersCanCreate, { allowed: false }, admin.token);
    expect(
      (await callFnError(server, api.workflows.create, twoPrompts("Nope"), member.token)).code,
    ).toBe("FORBIDDEN");
    expect((await callFn(server, api.workflows.getPermissions, {}, member.token)).canCreate).toBe(
      false,
    );
    expect((await callFn(server, api.workflows.getPermissions, {}, admin.token)).canCreate).toBe(
      true,
    );
    // The outsider's organization is untouched.
    expect(
      (await callFn(server, api.workflows.getPermissions, {}, outsider.token)).membersCanCreate,
    ).toBe(true);

    // Archived: gone for everyone, its run stays.
    await callFn(server, api.workflows.archive, { workflowId: mine._id }, admin.token);
    expect(
      await callFn(server, api.workflows.getBySlug, { slug: mine.slug }, member.token),
    ).toBeNull();
    expect(
      (await callFnError(server, api.workflows.run, { slug: mine.slug, inputs: {} }, member.token))
        .code,
    ).toBe("NOT_FOUND");
    expect(await callFn(server, api.workflows.getRun, { runId }, colleague.token)).not.toBeNull();
  });

  it("refuses steps that use later steps, unknown inputs or modules, bad models and missing inputs", async () => {
    const { admin, outsider } = await people();
    const later = await callFnError(
      server,
      api.workflows.create,
      twoPrompts(
        "Bad",
        "Use {{steps.3.output}} and {{inputs.nope}} and {{steps.2.output}} {{oops}}",
      ),
      admin.token,
    );
    expect(later.code).toBe("INVALID_ARGS");
    const messages = (later.data.issues as Array<{ path: string; message: string }>).map(
      (i) => i.message,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        "Step 2: {{steps.3.output}}: there is no step 3",
        "Step 2: {{inputs.nope}} is not one of this workflow's inputs",
        "Step 2: {{steps.2.output}}: step 2 cannot use its own output",
        expect.stringContaining("Step 2: {{oops}} is not a variable"),
      ]),
    );
    const first = await callFnError(
      server,
      api.workflows.create,
      {
        ...twoPrompts("Bad"),
        steps: [
          { kind: "prompt", prompt: "{{steps.2.output}}" },
          { kind: "prompt", prompt: "x" },
        ],
      },
      admin.token,
    );
    expect(first.data.issues).toEqual([
      {
        path: "steps.0.prompt",
        message: "Step 1: {{steps.2.output}}: step 2 runs after step 1; use only earlier steps",
      },
    ]);
    const theirs = await insertModule(server, { organizationIds: [outsider.organizationId] });
    const refs = await callFnError(
      server,
      api.workflows.create,
      {
        name: "Refs",
        steps: [
          { kind: "prompt", prompt: "Hi", modelId: "compatible:nope" },
          { kind: "module", moduleSlug: theirs.slug, inputs: {} },
        ],
      },
      admin.token,
    );
    expect(refs.code).toBe("INVALID_ARGS");
    expect((refs.data.issues as Array<{ path: string }>).map((i) => i.path)).toEqual([
      "steps.0.modelId",
      "steps.1.moduleSlug",
    ]);
    const ok = await callFn(server, api.workflows.create, twoPrompts("Needs client"), admin.token);
    const missing = await callFnError(
      server,
      api.workflows.run,
      { slug: ok.slug, inputs: { other: "x" } },
      admin.token,
    );
    expect(missing.data.issues).toEqual(
      expect.arrayContaining([
        { path: "inputs.client", message: "Client is required" },
        { path: "inputs.other", message: "This workflow has no input named other" },
      ]),
    );
    const doc = await insertDocument(server, outsider);
    const hidden = await callFnError(
      server,
      api.workflows.run,
      { slug: ok.slug, inputs: { client: "x" }, documentIds: [doc.id] },
      admin.token,
    );
    expect(hidden.code).toBe("NOT_FOUND");
    expect(await callFn(server, api.workflows.listRuns, {}, admin.token)).toEqual([]);
  });

  it("chains a prompt, a module and a prompt through {{steps.n.output}} into a draft", async () => {
    const { member } = await people();
    const module = await insertModule(server, { endpointUrl: `${automation.url}/webhook/terms` });
    const doc = await insertDocument(server, member, { name: "Lease.pdf" });
    await insertChunk(server, member, doc.id, "The lease runs for 24 months at 1,000 EUR a month.");
    const workflow = await callFn(
      server,
      api.workflows.create,
      {
        name: "Three steps",
        inputs: [{ key: "client", label: "Client", type: "text", required: true }],
        steps: [
          { kind: "prompt", prompt: "[chain-1] Terms of {{documents}} for {{inputs.client}}" },
          { kind: "module", moduleSlug: module.slug, inputs: { focus: "{{steps.1.output}}" } },
          { kind: "prompt", prompt: "[chain-3] Memo from {{steps.2.output}}" },
        ],
      },
      member.token,
    );
    const { runId } = await callFn(
      server,
      api.workflows.run,
      { slug: workflow.slug, inputs: { client: "ACME" }, documentIds: [doc.id] },
      member.token,
    );
    const waiting = await waitForRun(
      member,
      runId,
      (r) => r.steps[1]?.status === "running" && r.steps[1].executionId !== null,
    );
    expect(waiting.steps[0]).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(waiting.steps[0]!.output).toContain("Terms of Lease.pdf for ACME");
    const executionId = waiting.steps[1]!.executionId!;
    expect(waiting.steps[1]!.link).toBe(`/modules/${module.slug}/${executionId}`);
    const received = await automation.waitForRun(executionId);
    // The module got the first step's output, and the run's documents.
    expect(String(received.body.inputs.focus)).toContain("Terms of Lease.pdf for ACME");
    expect(received.body.documents.map((d) => d.id)).toEqual([doc.id]);
    // The model saw the document's passage.
    const first = model.requests.find((r) => r.lastUserText.includes("[chain-1]"))!;
    expect(first.lastUserText).toContain("24 months");

    const callback = await postCallback(
      server.url,
      received.body,
      {
        seq: 1,
        type: "result",
        result: { format: "markdown", content: "## Module result\n\n- Clause 7 <b>x</b>" },
      },
      { secret: module.secret },
    );
    expect(callback.status).toBe(200);
    const done = await waitForRun(member, runId, (r) => r.status === "succeeded");
    expect(done.steps.map((s) => s.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    expect(done.steps[1]!.output).toContain("Module result");
    expect(done.steps[2]!.output).toContain("Memo from");
    expect(done.steps[2]!.output).toContain("Clause 7");
    // The earlier output arrived marked as data.
    const third = model.requests.find((r) => r.lastUserText.includes("[chain-3]"))!;
    expect(third.lastUserText).toContain('<step-output step="2">');
    expect(modelCalls("[chain-1]")).toBe(1);
    expect(modelCalls("[chain-3]")).toBe(1);
    expect(done.draftId).not.toBeNull();
    const draft = await callFn(server, api.drafts.get, { draftId: done.draftId! }, member.token);
    expect(draft).toMatchObject({ title: "Three steps", status: "ready" });
    expect(draft!.content).toContain("Clause 7");
    const runs = await callFn(
      server,
      api.workflows.listRuns,
      { workflowId: workflow._id },
      member.token,
    );
    expect(runs).toMatchObject([
      { _id: runId, status: "succeeded", stepCount: 3, currentStep: 3, draftId: done.draftId },
    ]);
  });

  it("fills a review table over the run's documents and hands its answers to the next step", async () => {
    const { member } = await people();
    const doc = await insertDocument(server, member, { name: "Supply.pdf" });
    await insertChunk(
      server,
      member,
      doc.id,
      "This supply agreement is between Acme Ltd and Globex SA.",
    );
    const workflow = await callFn(
      server,
      api.workflows.create,
      {
        name: "Table then memo",
        steps: [
          {
            kind: "table",
            title: "Parties",
            columns: [{ question: "Who are the parties?", answerType: "text" }],
          },
          { kind: "prompt", prompt: "[after-table] Summarize {{steps.1.output}}" },
        ],
      },
      member.token,
    );
    const refused = await callFn(
      server,
      api.workflows.run,
      { slug: workflow.slug, inputs: {} },
      member.token,
    );
    const noDocs = await waitForRun(member, refused.runId, (r) => r.status === "failed");
    expect(noDocs.steps[0]!.error).toContain("needs documents");

    const { runId } = await callFn(
      server,
      api.workflows.run,
      { slug: workflow.slug, inputs: {}, documentIds: [doc.id] },
      member.token,
    );
    const done = await waitForRun(member, runId, (r) => r.status === "succeeded", 40_000);
    const tableId = done.steps[0]!.tableId!;
    expect(done.steps[0]!.link).toBe(`/modules/table/${tableId}`);
    expect(done.steps[0]!.output).toContain("| Document | Who are the parties? |");
    expect(done.steps[0]!.output).toContain("Supply.pdf");
    expect(done.steps[0]!.output).toContain(`(/modules/table/${tableId})`);
    expect(done.steps[1]!.output).toContain("Supply.pdf");
    expect(await callFn(server, api.tables.get, { tableId }, member.token)).not.toBeNull();
  }, 60_000);

  it("fails at a failing step and retries only that step", async () => {
    const { member } = await people();
    let failures = 1;
    model.respond((request) => {
      if (!request.lastUserText.includes("[flaky]") || failures <= 0) return undefined;
      failures--;
      return { kind: "http-error", status: 400, message: "The fake model refused once." };
    });
    const workflow = await callFn(
      server,
      api.workflows.create,
      twoPrompts("Flaky", "[flaky] Memo from {{steps.1.output}}"),
      member.token,
    );
    const { runId } = await callFn(
      server,
      api.workflows.run,
      { slug: workflow.slug, inputs: { client: "Globex" } },
      member.token,
    );
    const failed = await waitForRun(member, runId, (r) => r.status === "failed");
    expect(failed.steps.map((s) => s.status)).toEqual(["succeeded", "failed"]);
    expect(failed.steps[1]!.error).toContain("The fake model refused once.");
    expect(failed.error).toContain("Step 2 (Memo) failed");
    expect(failed.retryStepIndex).toBe(1);
    expect(failed.draftId).toBeNull();
    const stepOneCalls = () =>
      model.requests.filter(
        (r) => r.lastUserText.includes("for Globex") && !r.lastUserText.includes("[flaky]"),
      ).length;
    const firstCalls = stepOneCalls();
    expect(firstCalls).toBe(1);
    expect(modelCalls("[flaky]")).toBe(1);

    const refused = await callFnError(
      server,
      api.workflows.retryStep,
      { runId, stepIndex: 5 },
      member.token,
    );
    expect(refused.code).toBe("INVALID_ARGS");
    await callFn(server, api.workflows.retryStep, { runId }, member.token);
    const done = await waitForRun(member, runId, (r) => r.status === "succeeded");
    expect(done.steps.map((s) => s.attempts)).toEqual([1, 2]);
    expect(stepOneCalls()).toBe(firstCalls);
    expect(modelCalls("[flaky]")).toBe(2);
    expect(done.draftId).not.toBeNull();
    expect((await callFnError(server, api.workflows.retryStep, { runId }, member.token)).code).toBe(
      "CONFLICT",
    );
    expect((await callFnError(server, api.workflows.cancelRun, { runId }, member.token)).code).toBe(
      "CONFLICT",
    );
  });

  it("cancels a run waiting on a module, and its module run with it", async () => {
    const { member } = await people();
    const module = await insertModule(server, { endpointUrl: `${automation.url}/webhook/slow` });
    const workflow = await callFn(
      server,
      api.workflows.create,
      {
        name: "Waits",
        steps: [{ kind: "module", moduleSlug: module.slug, inputs: { focus: "All" } }],
      },
      member.token,
    );
    const { runId } = await callFn(
      server,
      api.workflows.run,
      { slug: workflow.slug, inputs: {} },
      member.token,
    );
    const waiting = await waitForRun(member, runId, (r) => r.steps[0]?.executionId != null);
    await callFn(server, api.workflows.cancelRun, { runId }, member.token);
    const cancelled = await callFn(server, api.workflows.getRun, { runId }, member.token);
    expect(cancelled).toMatchObject({ status: "cancelled", canCancel: false, retryStepIndex: 0 });
    const execution = await callFn(
      server,
      api.modules.getModuleExecutionById,
      { executionId: waiting.steps[0]!.executionId! },
      member.token,
    );
    expect(execution?.status).toBe("cancelled");
  });

  it("tests a prompt step on sample values without storing anything", async () => {
    const { member } = await people();
    const answer = await callFn(
      server,
      api.workflows.testStep,
      {
        step: {
          kind: "prompt",
          prompt: "[test-step] Memo for {{inputs.client}} from {{steps.1.output}}",
        },
        inputs: { client: "Initech" },
        previousOutputs: ["Sample terms"],
      },
      member.token,
    );
    expect(answer.output).toContain("Memo for Initech from");
    expect(answer.output).toContain("Sample terms");
    expect(answer.modelId).toBe("compatible:step-model");
    const module = await callFnError(
      server,
      api.workflows.testStep,
      { step: { kind: "module", moduleSlug: "x", inputs: {} }, inputs: {} },
      member.token,
    );
    expect(module.code).toBe("INVALID_ARGS");
    expect(await callFn(server, api.workflows.listRuns, {}, member.token)).toEqual([]);
  });
});
