import { AppError } from "#shared/errors.ts";
import type { WorkflowStep } from "#shared/schemas/workflow.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { isOffered } from "../models/model-choice.ts";
import type { ModelRegistry } from "../models/model-registry.ts";
import { findRunnableModule } from "../modules/module-access.ts";
import { TABLE_STEPS_UNAVAILABLE } from "./table-step.ts";

type Issue = { path: string; message: string };

/**
 * What the schema cannot know (decision 028): a prompt step's model is one
 * this server offers; a module step names a module the caller may run, maps
 * only its inputs and every required one (documents inputs take the run's
 * documents). INVALID_ARGS with one issue per mistake, named by step number.
 */
export async function checkWorkflowReferences(options: {
  db: Executor;
  caller: Identity;
  models: ModelRegistry;
  steps: WorkflowStep[];
}): Promise<void> {
  const issues: Issue[] = [];
  for (const [index, step] of options.steps.entries()) {
    const at = (field: string) => `steps.${index}.${field}`;
    const n = index + 1;
    if (step.kind === "prompt" && step.modelId && !isOffered(options.models, step.modelId)) {
      issues.push({ path: at("modelId"), message: `Step ${n}: this model is not available` });
    }
    if (step.kind === "table" && TABLE_STEPS_UNAVAILABLE) {
      issues.push({ path: at("kind"), message: `Step ${n}: ${TABLE_STEPS_UNAVAILABLE}` });
    }
    if (step.kind !== "module") continue;
    const module = await findRunnableModule(options.db, options.caller, { slug: step.moduleSlug });
    if (!module) {
      issues.push({ path: at("moduleSlug"), message: `Step ${n}: this module was not found` });
      continue;
    }
    const byKey = new Map(module.inputs.map((input) => [input.key, input]));
    for (const key of Object.keys(step.inputs)) {
      const input = byKey.get(key);
      if (!input) {
        issues.push({
          path: at(`inputs.${key}`),
          message: `Step ${n}: ${module.name} has no input named ${key}`,
        });
      }
    }
    for (const input of module.inputs) {
      if (input.type === "documents" || !input.required) continue;
      if (!step.inputs[input.key]?.trim()) {
        issues.push({
          path: at(`inputs.${input.key}`),
          message: `Step ${n}: ${input.label} is required by ${module.name}`,
        });
      }
    }
  }
  if (issues.length > 0) {
    throw new AppError("INVALID_ARGS", issues.map((i) => i.message).join("; "), { issues });
  }
}
