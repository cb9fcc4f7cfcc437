import { streamText } from "ai";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Services } from "../../api/context.ts";
import type { Executor } from "../../db/database.ts";
import {
  documentChunks,
  documents,
  draftVersions,
  drafts,
  moduleExecutions,
  organizationSettings,
} from "../../db/schema.ts";
import { insertDraft, writeDraftVersion } from "../../drafts/draft-writes.ts";
import type { Logger } from "../../logger.ts";
import { isOffered } from "../../models/model-choice.ts";
import { providerErrorMessage } from "../../models/provider-error.ts";
import { markdownToDraftHtml } from "../draft-html.ts";
import type { ModuleRow } from "../module-access.ts";
import { finishExecution } from "../executions/execution-transitions.ts";
import type { ExecutionRow } from "../executions/execution-view.ts";
import {
  BUILTIN_INSTRUCTIONS,
  builtinPrompt,
  citedSources,
  fillTemplate,
  type SourcePassage,
} from "./builtin-prompt.ts";

/** How often the draft being written is saved (and so reaches the member's screen). */
const FLUSH_EVERY_MS = 250;
/** Most characters of the documents' text a run gives the model. */
const MAX_SOURCE_CHARS = 60_000;

export const NO_BUILTIN_MODEL_MESSAGE =
  "No AI model is configured for this module or your organization, so it cannot run. Ask an administrator to configure one.";

/** A run that cannot go on, with the reason the member reads. */
export class RunFailedError extends Error {
  override name = "RunFailedError";
}

async function chooseModel(services: Services, module: ModuleRow, organizationId: string) {
  const { models } = services;
  if (isOffered(models, module.modelId)) return models.get(module.modelId!)!;
  const [settings] = await services.database.db
    .select({ modelId: organizationSettings.defaultModelId })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  if (isOffered(models, settings?.modelId)) return models.get(settings!.modelId!)!;
  return models.defaultModelId ? models.get(models.defaultModelId) : undefined;
}

async function loadSources(db: Executor, execution: ExecutionRow) {
  if (execution.documentIds.length === 0) return { names: new Map<string, string>(), sources: [] };
  const rows = await db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(
      and(
        inArray(documents.id, execution.documentIds),
        eq(documents.organizationId, execution.organizationId),
      ),
    );
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const chunks = await db
    .select({ documentId: documentChunks.documentId, content: documentChunks.content })
    .from(documentChunks)
    .where(inArray(documentChunks.documentId, [...names.keys()]))
    .orderBy(asc(documentChunks.documentId), asc(documentChunks.ordinal));
  const sources: SourcePassage[] = [];
  let total = 0;
  // In the order the member chose the documents.
  for (const id of execution.documentIds) {
    for (const chunk of chunks.filter((c) => c.documentId === id)) {
      if (total + chunk.content.length > MAX_SOURCE_CHARS) break;
      total += chunk.content.length;
      sources.push({
        n: sources.length + 1,
        documentId: id,
        documentName: names.get(id) ?? "Document",
        content: chunk.content,
      });
    }
  }
  return { names, sources };
}

/** The draft this run writes into: the one it regenerates, one an interrupted attempt began, or a new one. */
async function draftToWrite(db: Executor, execution: ExecutionRow, module: ModuleRow) {
  if (execution.regeneratesDraftId) {
    const [row] = await db.select().from(drafts).where(eq(drafts.id, execution.regeneratesDraftId));
    if (!row) throw new RunFailedError("The draft to regenerate no longer exists.");
    await db
      .update(drafts)
      .set({ status: "pending", updatedAt: new Date() })
      .where(eq(drafts.id, row.id));
    return { draft: row, regenerating: true };
  }
  const [earlier] = await db.select().from(drafts).where(eq(drafts.executionId, execution.id));
  if (earlier) return { draft: earlier, regenerating: false };
  const draft = await insertDraft(db, {
    organizationId: execution.organizationId,
    userId: execution.userId,
    executionId: execution.id,
    moduleId: module.id,
    title: module.name,
    status: "pending",
    content: "",
  });
  return { draft, regenerating: false };
}

/**
 * Run a built-in module (decision 019): the model writes the draft, which is
 * saved every FLUSH_EVERY_MS while it streams (so the member sees it grow),
 * then finished in one transaction with the execution and the job. A
 * cancelled run stops at the next save; a regeneration ends with a new version
 * of the draft it regenerates.
 */
export async function runBuiltinModule(options: {
  services: Services;
  execution: ExecutionRow;
  module: ModuleRow;
  signal: AbortSignal;
  complete(tx: Executor): Promise<void>;
  log: Logger;
}): Promise<void> {
  const { services, execution, module, log } = options;
  const db = services.database.db;
  const resolved = await chooseModel(services, module, execution.organizationId);
  if (!resolved) {
    await finishExecution(db, execution.id, { status: "failed", error: NO_BUILTIN_MODEL_MESSAGE });
    return;
  }
  const { names, sources } = await loadSources(db, execution);
  const request = fillTemplate(module.promptTemplate ?? "", module.inputs, execution.inputs, names);
  const { draft, regenerating } = await draftToWrite(db, execution, module);

  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);
  let failure: unknown;
  const result = streamText({
    model: resolved.model,
    instructions: BUILTIN_INSTRUCTIONS,
    prompt: builtinPrompt(request, sources),
    abortSignal: signal,
    maxRetries: 2,
    timeout: { chunkMs: 120_000 },
    onError: ({ error }) => {
      failure = error;
    },
  });

  let text = "";
  let lastFlush = 0;
  let flushing: Promise<void> | undefined;
  const flush = async () => {
    await db
      .update(drafts)
      .set({ content: markdownToDraftHtml(text), updatedAt: new Date() })
      .where(and(eq(drafts.id, draft.id), eq(drafts.status, "pending")));
    const [now] = await db
      .select({ status: moduleExecutions.status })
      .from(moduleExecutions)
      .where(eq(moduleExecutions.id, execution.id));
    if (now?.status !== "running") stop.abort();
  };
  try {
    for await (const delta of result.textStream) {
      text += delta;
      if (!flushing && Date.now() - lastFlush >= FLUSH_EVERY_MS) {
        lastFlush = Date.now();
        flushing = flush().finally(() => {
          flushing = undefined;
        });
      }
    }
  } catch (error) {
    // Stopping (a cancel, or the worker) ends the stream with an abort: not the model's failure.
    if (!signal.aborted) failure ??= error;
  }
  await flushing;
  if (options.signal.aborted) throw options.signal.reason;

  if (stop.signal.aborted || failure || !text.trim()) {
    const reason = stop.signal.aborted
      ? null
      : failure
        ? `The model could not write the draft: ${providerErrorMessage(failure)}`
        : "The model answered with an empty draft.";
    await db.transaction(async (tx) => {
      await restoreOrFail(tx, draft.id, regenerating, reason ?? "The run was stopped.");
      if (reason) await finishExecution(tx, execution.id, { status: "failed", error: reason });
      await options.complete(tx);
    });
    log.info({ executionId: execution.id, reason }, "built-in module run ended without a draft");
    return;
  }

  const content = markdownToDraftHtml(text);
  const citations = citedSources(text, sources);
  await db.transaction(async (tx) => {
    if (regenerating) {
      await writeDraftVersion(tx, {
        draft,
        content,
        reason: "regenerated",
        userId: execution.userId,
        status: "ready",
        citations,
      });
    } else {
      await tx
        .update(drafts)
        .set({ content, citations, status: "ready", error: null, updatedAt: new Date() })
        .where(eq(drafts.id, draft.id));
      await tx
        .update(draftVersions)
        .set({ content })
        .where(and(eq(draftVersions.draftId, draft.id), eq(draftVersions.version, 1)));
    }
    const finished = await finishExecution(tx, execution.id, { status: "succeeded" });
    if (!finished) {
      // Cancelled or timed out at the last moment: the draft is not the run's result.
      await restoreOrFail(tx, draft.id, regenerating, "The run was stopped.");
    }
    await options.complete(tx);
  });
}

/** A run that ends without its draft: a regenerated draft gets its current version back; a new one fails. */
async function restoreOrFail(tx: Executor, draftId: string, regenerating: boolean, reason: string) {
  const [row] = await tx.select().from(drafts).where(eq(drafts.id, draftId));
  if (!row) return;
  if (regenerating) {
    const [current] = await tx
      .select({ content: draftVersions.content })
      .from(draftVersions)
      .where(and(eq(draftVersions.draftId, draftId), eq(draftVersions.version, row.version)));
    await tx
      .update(drafts)
      .set({ status: "ready", content: current?.content ?? row.content, updatedAt: new Date() })
      .where(eq(drafts.id, draftId));
  } else {
    await tx
      .update(drafts)
      .set({ status: "failed", error: reason, updatedAt: new Date() })
      .where(eq(drafts.id, draftId));
  }
}
