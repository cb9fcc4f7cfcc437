import { AppError } from "#shared/errors.ts";
import { fillTemplate } from "#shared/rules/workflow-templates.ts";
import type { WorkflowStep } from "#shared/schemas/workflow.ts";
import type { Services } from "../api/context.ts";
import type { Identity } from "../auth/identity.ts";
import { takeRateLimitSlots } from "../auth/rate-limit.ts";
import type { Executor } from "../db/database.ts";
import { findReadableDocuments } from "../documents/access.ts";
import { requireOrganization } from "../organizations/organization-access.ts";
import { loadPassages, runPrompt, StepFailedError, wrapStepOutput } from "./prompt-step.ts";

/** A test answers within a minute and about 2000 words (decision 028). */
const TEST_TIMEOUT_MS = 60_000;
const TEST_MAX_OUTPUT_TOKENS = 2_000;
/** Tests one member may run per window (decision 028, amendment 2026-11-25): each is a model call. */
export const TEST_STEP_LIMIT = { count: 20, windowSeconds: 60 } as const;

/**
 * Take one of the member's test slots (a database counter, shared by every
 * instance); RATE_LIMITED with the wait when the window's are used up.
 */
async function takeTestSlot(db: Executor, userId: string): Promise<void> {
  const key = `workflow-test-step:${userId}`;
  const slot = (await takeRateLimitSlots(db, [key], TEST_STEP_LIMIT.windowSeconds)).get(key);
  if (slot && slot.count > TEST_STEP_LIMIT.count) {
    const seconds = slot.retryAfterSeconds;
    throw new AppError(
      "RATE_LIMITED",
      `You have tested ${TEST_STEP_LIMIT.count} steps in the last minute. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
      { retryAfterSeconds: seconds },
    );
  }
}

/**
 * workflows.testStep: a prompt step on sample values, before it is saved.
 * The caller's documents only; nothing is stored. A module or table step is
 * not tried here (it would start a real run).
 */
export async function testStep(options: {
  db: Executor;
  services: Services;
  caller: Identity;
  step: WorkflowStep;
  inputs: Record<string, unknown>;
  documentIds: string[];
  previousOutputs: string[];
}): Promise<{ output: string; modelId: string }> {
  const organizationId = requireOrganization(options.caller, "cannot test workflow steps");
  if (options.step.kind !== "prompt") {
    throw new AppError("INVALID_ARGS", "Only prompt steps can be tested before saving.", {
      issues: [{ path: "step.kind", message: "Only prompt steps can be tested before saving." }],
    });
  }
  await takeTestSlot(options.db, options.caller.userId);
  const documentIds = [...new Set(options.documentIds)];
  if (documentIds.length > 0) {
    const readable = await findReadableDocuments(options.db, options.caller, documentIds);
    if (readable.length !== documentIds.length) {
      throw new AppError("NOT_FOUND", "One of the chosen documents was not found.");
    }
  }
  const { names, sources } = await loadPassages(options.db, organizationId, documentIds);
  const request = fillTemplate(options.step.prompt, {
    inputs: options.inputs,
    outputs: options.previousOutputs,
    documentNames: names,
    wrapOutput: wrapStepOutput,
  });
  try {
    const answer = await runPrompt({
      services: options.services,
      organizationId,
      modelId: options.step.modelId,
      request,
      sources,
      maxOutputTokens: TEST_MAX_OUTPUT_TOKENS,
      timeoutMs: TEST_TIMEOUT_MS,
    });
    return { output: answer.text, modelId: answer.modelId };
  } catch (error) {
    if (error instanceof StepFailedError) throw new AppError("SERVICE_UNAVAILABLE", error.message);
    throw error;
  }
}
