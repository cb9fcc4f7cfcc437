import { AppError, notFound } from "#shared/errors.ts";
import type { SupportRequest, SupportSeverity } from "#shared/schemas/support.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { supportMessages, supportRequests } from "../db/schema.ts";
import { findDocumentById } from "../documents/access.ts";
import { newId } from "../ids.ts";
import { requestViews } from "./support-view.ts";

export interface CreateRequestOptions {
  db: Executor;
  caller: Identity;
  subject: string;
  message: string;
  severity: SupportSeverity;
  /** Blank or absent: none. Must be a document the caller may read. */
  documentId?: string;
}

/** A new request and its first message, in one transaction. */
export async function createSupportRequest(options: CreateRequestOptions): Promise<SupportRequest> {
  const { db, caller } = options;
  if (!caller.organizationId) {
    throw new AppError("FORBIDDEN", "Your account does not belong to an organization.");
  }
  let documentId: string | null = null;
  if (options.documentId) {
    const document = await findDocumentById(db, caller, options.documentId);
    if (!document) throw notFound("Document");
    documentId = document.id;
  }
  const now = new Date();
  const id = newId();
  const [row] = await db
    .insert(supportRequests)
    .values({
      id,
      organizationId: caller.organizationId,
      userId: caller.userId,
      subject: options.subject,
      severity: options.severity,
      status: "open",
      documentId,
      lastMessageAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await db.insert(supportMessages).values({
    id: newId(),
    organizationId: caller.organizationId,
    requestId: id,
    authorId: caller.userId,
    fromSupport: false,
    body: options.message,
    createdAt: now,
  });
  const [view] = await requestViews(db, [row!]);
  return view!;
}
