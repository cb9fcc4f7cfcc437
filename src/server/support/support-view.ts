import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { SupportMessage, SupportRequest, SupportThread } from "#shared/schemas/support.ts";
import type { Executor } from "../db/database.ts";
import { documents, supportMessages, supportRequests, users } from "../db/schema.ts";
import type { SupportRequestRow } from "./support-access.ts";

const nameOf = (user: { firstName: string; lastName: string; email: string } | undefined) =>
  user ? `${user.firstName} ${user.lastName}`.trim() || user.email : "Former member";

/** Requests as the list shows them: with their document's name and how many messages they hold. */
export async function requestViews(
  db: Executor,
  rows: SupportRequestRow[],
): Promise<SupportRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const counts = await db
    .select({ requestId: supportMessages.requestId, count: count() })
    .from(supportMessages)
    .where(inArray(supportMessages.requestId, ids))
    .groupBy(supportMessages.requestId);
  const documentIds = rows.flatMap((row) => (row.documentId ? [row.documentId] : []));
  const names =
    documentIds.length > 0
      ? await db
          .select({ id: documents.id, name: documents.name })
          .from(documents)
          .where(inArray(documents.id, documentIds))
      : [];
  return rows.map((row) => ({
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    subject: row.subject,
    severity: row.severity,
    status: row.status,
    documentId: row.documentId,
    documentName: names.find((d) => d.id === row.documentId)?.name ?? null,
    lastMessageAt: row.lastMessageAt.getTime(),
    messageCount: Number(counts.find((c) => c.requestId === row.id)?.count ?? 0),
  }));
}

export function messageView(
  row: typeof supportMessages.$inferSelect,
  author: { firstName: string; lastName: string; email: string } | undefined,
): SupportMessage {
  return {
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    body: row.body,
    fromSupport: row.fromSupport,
    // Support speaks as a team; the requester by name.
    authorName: row.fromSupport ? "Support" : nameOf(author),
  };
}

/** A request with its requester and every message, oldest first. */
export async function threadView(db: Executor, row: SupportRequestRow): Promise<SupportThread> {
  const [request] = await requestViews(db, [row]);
  const messages = await db
    .select({ message: supportMessages, author: users })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.requestId, row.id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const [requester] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  return {
    ...request!,
    requester: { userId: row.userId, name: nameOf(requester), email: requester?.email ?? "" },
    messages: messages.map(({ message, author }) => messageView(message, author ?? undefined)),
  };
}

/** The caller's requests, latest activity first. */
export async function listMyRequests(
  db: Executor,
  caller: { userId: string; organizationId: string | null },
): Promise<SupportRequest[]> {
  const rows = await db
    .select()
    .from(supportRequests)
    .where(
      and(
        eq(supportRequests.userId, caller.userId),
        caller.organizationId
          ? eq(supportRequests.organizationId, caller.organizationId)
          : undefined,
      ),
    )
    .orderBy(desc(supportRequests.lastMessageAt), desc(supportRequests.id))
    .limit(200);
  return requestViews(db, rows);
}
