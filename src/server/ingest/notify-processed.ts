import { eq } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import { notify } from "../notifications/notify.ts";

/**
 * Tell a document's uploader that processing ended (decision 022), in the
 * transaction that stores the outcome, so the notification exists exactly
 * when the status does. A document without an owner (removed member) tells
 * no one.
 */
export async function notifyProcessed(
  tx: Executor,
  documentId: string,
  outcome: { status: "completed" } | { status: "failed"; reason: string },
): Promise<void> {
  const [doc] = await tx
    .select({
      organizationId: documents.organizationId,
      ownerId: documents.ownerId,
      name: documents.name,
    })
    .from(documents)
    .where(eq(documents.id, documentId));
  if (!doc?.ownerId) return;
  const link = `/dossier?${new URLSearchParams({ document: documentId })}`;
  const data = { documentId };
  if (outcome.status === "completed") {
    await notify(tx, {
      organizationId: doc.organizationId,
      userId: doc.ownerId,
      kind: "document.processed",
      title: `“${doc.name}” is ready`,
      body: "Processing finished: you can read, search and chat about it.",
      link,
      data,
    });
  } else {
    await notify(tx, {
      organizationId: doc.organizationId,
      userId: doc.ownerId,
      kind: "document.failed",
      title: `“${doc.name}” could not be processed`,
      body: outcome.reason,
      link,
      data,
    });
  }
}
