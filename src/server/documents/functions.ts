import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import {
  deleteBlobsAfterCommit,
  dossierOrganization,
  writableOrganization,
} from "../dossier/access.ts";
import { getDocument, getManyDocuments } from "./document-queries.ts";
import { listDocuments } from "./list-documents.ts";
import { removeDocument } from "./remove-document.ts";
import { retryDocument } from "./retry-document.ts";
import { searchDocuments } from "./search-documents.ts";
import { moveDocument, renameDocument } from "./update-document.ts";

/**
 * documents.*: reading, searching and changing the organization's documents.
 * Uploads, downloads and previews are HTTP routes (document-routes.ts,
 * preview-routes.ts); processing is ingest/.
 */
export const documentFunctions: ServerFunction[] = [
  implement(api.documents.list, async (ctx, args) =>
    listDocuments({
      db: ctx.db,
      organizationId: dossierOrganization(ctx),
      folderId: args.filter.folderId,
      numItems: args.paginationOpts.numItems,
      cursor: args.paginationOpts.cursor,
    }),
  ),

  implement(api.documents.get, async (ctx, args) => {
    // Re-run on changes to this document only (and to folders, for its path).
    ctx.dependsOnRow("documents", args.documentId.toLowerCase());
    return getDocument(ctx.db, dossierOrganization(ctx), args.documentId);
  }),

  implement(api.documents.getMany, async (ctx, args) =>
    getManyDocuments(ctx.db, dossierOrganization(ctx), args.documentIds),
  ),

  implement(api.documents.search, async (ctx, args) =>
    searchDocuments({
      db: ctx.db,
      organizationId: dossierOrganization(ctx),
      query: args.query,
      folderId: args.folderId,
      limit: args.limit,
    }),
  ),

  implement(api.documents.rename, async (ctx, args) =>
    renameDocument({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Document"),
      documentId: args.documentId,
      name: args.name,
    }),
  ),

  implement(api.documents.move, async (ctx, args) =>
    moveDocument({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Document"),
      documentId: args.documentId,
      folderId: args.folderId,
    }),
  ),

  implement(api.documents.remove, async (ctx, args) => {
    const keys = await removeDocument({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Document"),
      documentId: args.documentId,
    });
    deleteBlobsAfterCommit(ctx, keys);
    return null;
  }),

  implement(api.documents.retry, async (ctx, args) =>
    retryDocument({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Document"),
      documentId: args.documentId,
    }),
  ),
];
