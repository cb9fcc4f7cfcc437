import { and, eq, lt, sql } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type { Services } from "../../api/context.ts";
import type { Executor } from "../../db/database.ts";
import { drafts, moduleExecutions } from "../../db/schema.ts";
import { insertDraft, writeDraftVersion } from "../../drafts/draft-writes.ts";
import { newId } from "../../ids.ts";
import { toDraftHtml } from "../draft-html.ts";
import type { ModuleRow } from "../module-access.ts";
import type { CallbackBody, CallbackResult } from "../webhooks/callback-body.ts";
import { finishExecution } from "./execution-transitions.ts";
import type { ExecutionRow } from "./execution-view.ts";

/**
 * Apply an automation's callback that passed every check (callback-routes.ts)
 * in one transaction whose first write takes the sequence number: it bumps
 * callback_seq only while the run is running, the number is higher than the
 * last and the token is the current one. Two copies of a callback racing each
 * other: one wins, the other is a replay (409).
 */
export async function applyCallback(options: {
  services: Services;
  execution: ExecutionRow;
  module: ModuleRow;
  tokenHash: string;
  body: CallbackBody;
}): Promise<void> {
  const { services, execution, module, body } = options;
  const results =
    body.type === "result" ? [...(body.results ?? []), ...(body.result ? [body.result] : [])] : [];
  // Files go to blob storage first (not inside the transaction); removed again if it fails.
  const stored = await storeFiles(services, execution, results);
  try {
    await services.database.db.transaction(async (tx) => {
      await takeSequence(tx, execution.id, options.tokenHash, body.seq);
      if (body.type === "progress") {
        const entry = JSON.stringify([
          {
            at: new Date().toISOString(),
            message: body.message ?? "",
            ...(body.percent === undefined ? {} : { percent: body.percent }),
          },
        ]);
        await tx
          .update(moduleExecutions)
          .set({
            progress: sql`${moduleExecutions.progress} || ${entry}::jsonb`,
            updatedAt: new Date(),
          })
          .where(eq(moduleExecutions.id, execution.id));
        return;
      }
      if (body.type === "failure") {
        await finishExecution(tx, execution.id, {
          status: "failed",
          error: `The automation reported a failure: ${body.message || "no reason given"}`,
        });
        return;
      }
      await writeResults(tx, execution, module, results, stored);
      await finishExecution(tx, execution.id, { status: "succeeded" });
    });
  } catch (error) {
    const keys = stored.flat().map((file) => file.storageId);
    if (keys.length > 0) await services.storage.delete(keys).catch(() => undefined);
    throw error;
  }
}

async function takeSequence(tx: Executor, executionId: string, tokenHash: string, seq: number) {
  const taken = await tx
    .update(moduleExecutions)
    .set({ callbackSeq: seq, updatedAt: new Date() })
    .where(
      and(
        eq(moduleExecutions.id, executionId),
        eq(moduleExecutions.status, "running"),
        eq(moduleExecutions.callbackTokenHash, tokenHash),
        lt(moduleExecutions.callbackSeq, seq),
      ),
    )
    .returning({ id: moduleExecutions.id });
  if (taken.length === 0) {
    throw new AppError(
      "CONFLICT",
      "This callback was already received, arrived out of order, or the run has finished.",
      { reason: "replayed_or_finished" },
    );
  }
}

type StoredFile = { storageId: string; name: string; mimeType: string; size: number };

async function storeFiles(
  services: Services,
  execution: ExecutionRow,
  results: CallbackResult[],
): Promise<StoredFile[][]> {
  const out: StoredFile[][] = [];
  for (const result of results) {
    const files: StoredFile[] = [];
    if ("files" in result) {
      for (const file of result.files) {
        const bytes = Buffer.from(file.contentBase64, "base64");
        const storageId = `drafts/${execution.organizationId}/${newId()}`;
        await services.storage.put(storageId, bytes, { contentType: file.mimeType });
        files.push({ storageId, name: file.name, mimeType: file.mimeType, size: bytes.length });
      }
    }
    out.push(files);
  }
  return out;
}

async function writeResults(
  tx: Executor,
  execution: ExecutionRow,
  module: ModuleRow,
  results: CallbackResult[],
  stored: StoredFile[][],
) {
  if (execution.regeneratesDraftId) {
    const first = results.find(
      (r): r is Extract<CallbackResult, { format: string }> => "format" in r,
    );
    const [draft] = await tx
      .select()
      .from(drafts)
      .where(eq(drafts.id, execution.regeneratesDraftId));
    if (draft && first) {
      await writeDraftVersion(tx, {
        draft,
        content: toDraftHtml(first.format, first.content),
        reason: "regenerated",
        userId: execution.userId,
        status: "ready",
        ...(first.title ? { title: first.title } : {}),
      });
      return;
    }
  }
  for (const [index, result] of results.entries()) {
    const title = result.title ?? module.name;
    if ("format" in result) {
      await insertDraft(tx, {
        organizationId: execution.organizationId,
        userId: execution.userId,
        executionId: execution.id,
        moduleId: module.id,
        title,
        status: "ready",
        content: toDraftHtml(result.format, result.content),
      });
      continue;
    }
    for (const file of stored[index] ?? []) {
      await insertDraft(tx, {
        organizationId: execution.organizationId,
        userId: execution.userId,
        executionId: execution.id,
        moduleId: module.id,
        title: result.title ?? file.name,
        status: "ready",
        content: "",
        file,
      });
    }
  }
}
