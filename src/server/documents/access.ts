import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { unauthenticated } from "#shared/errors.ts";
import type { Identity, Services } from "../api/context.ts";
import type { Executor } from "../db/client.ts";
import { documents, folders } from "../db/schema.ts";
import { ACCESS_COOKIE } from "../http/auth-routes.ts";
import { isUuid } from "../ids.ts";

export type DocumentRow = typeof documents.$inferSelect;

/** Who is asking over plain HTTP, and how they proved it. */
export interface RequestCaller {
  identity: Identity;
  /** "cookie": ambient credentials, so state-changing requests must pass the origin check. */
  via: "bearer" | "cookie";
}

/** The access token an HTTP request carries, and how; see identifyRequest. */
export function requestToken(c: Context): { token: string; via: RequestCaller["via"] } | null {
  const header = c.req.header("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthenticated("malformed_header");
    return { token: match[1]!, via: "bearer" };
  }
  const cookie = getCookie(c, ACCESS_COOKIE);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/**
 * The caller of an HTTP request: `Authorization: Bearer <token>` first, else the
 * atrium_access cookie. null when neither is sent; throws UNAUTHENTICATED when
 * the one sent is malformed, expired or revoked.
 */
export async function identifyRequest(
  services: Services,
  c: Context,
): Promise<RequestCaller | null> {
  const sent = requestToken(c);
  if (!sent) return null;
  return { identity: await services.auth.identify(sent.token), via: sent.via };
}

/**
 * A document the identity may read: same organization. Anything else (unknown
 * id, another organization, no organization) is undefined, so callers answer
 * "not found" without telling which.
 */
export async function findDocumentById(
  db: Executor,
  identity: Identity,
  documentId: string,
): Promise<DocumentRow | undefined> {
  if (!identity.organizationId || !isUuid(documentId)) return undefined;
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(eq(documents.id, documentId), eq(documents.organizationId, identity.organizationId)),
    );
  return rows[0];
}

/** Like findDocumentById, by the key of the document's original bytes. */
export async function findDocumentByStorageId(
  db: Executor,
  identity: Identity,
  storageId: string,
): Promise<DocumentRow | undefined> {
  if (!identity.organizationId || storageId.length > 512) return undefined;
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.storageId, storageId),
        eq(documents.organizationId, identity.organizationId),
      ),
    );
  return rows[0];
}

/** Whether a folder exists in the identity's organization. */
export async function folderInOrganization(
  db: Executor,
  identity: Identity,
  folderId: string,
): Promise<boolean> {
  if (!identity.organizationId || !isUuid(folderId)) return false;
  const rows = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.organizationId, identity.organizationId)));
  return rows.length > 0;
}
