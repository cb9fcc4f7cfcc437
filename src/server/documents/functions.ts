import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import {
  deleteBlobsAfterCommit,
  dependOnDossierAccess,
  writableOrganization,
} from "../dossier/access.ts";
import { listFavoriteDocuments, setFavorite } from "../dossier/favorites.ts";
import { getDocument, getManyDocuments } from "./document-queries.ts";
import { listDocuments } from "./list-documents.ts";
import { removeDocument } from "./remove-document.ts";
import { retryDocument } from "./retry-document.ts";
import { listTags, setDocumentTags, suggest } from "./document-tags.ts";
import { hybridSearch } from "./hybrid-search.ts";
import { decodeSearchCursor, encodeSearchCursor } from "./search-cursor.ts";
import { moveDocument, renameDocument } from "./update-document.ts";

/**
 * documents.*: reading, searching and changing the documents the caller may
 * reach (dossier/access.ts decides which). Uploads, downloads and previews
 * are HTTP routes (document-routes.ts, preview-routes.ts); processing is ingest/.
 */
export const documentFunctions: ServerFunction[] = [
  implement(api.documents.list, async (ctx, args) => {
    dependOnDossierAccess(ctx);
    return listDocuments({
      db: ctx.db,
      caller: ctx.user,
      folderId: args.filter.folderId,
      numItems: args.paginationOpts.numItems,
      cursor: args.paginationOpts.cursor,
      filters: args.filters,
      sort: args.sort,
      shared: ctx.shared,
      batched: ctx.batched,
    });
  }),

  implement(api.documents.get, async (ctx, args) => {
    // Re-run on changes to this document only (and to folders and shares, for access).
    ctx.dependsOnRow("documents", args.documentId.toLowerCase());
    dependOnDossierAccess(ctx);
    return getDocument(ctx.db, ctx.user, args.documentId);
  }),

  implement(api.documents.getMany, async (ctx, args) => {
    dependOnDossierAccess(ctx);
    return getManyDocuments(ctx.db, ctx.user, args.documentIds);
  }),

  implement(api.documents.search, async (ctx, args) => {
    dependOnDossierAccess(ctx);
    const offset = decodeSearchCursor(args.paginationOpts.cursor);
    const result = await hybridSearch({
      db: ctx.db,
      caller: ctx.user,
      embedding: ctx.services.models.embedding,
      query: args.query,
      filters: args.filters,
      sort: args.sort,
      offset,
      limit: args.paginationOpts.numItems,
    });
    return {
      page: result.hits,
      isDone: result.isDone,
      continueCursor: encodeSearchCursor(offset + result.hits.length),
      hybrid: result.hybrid,
    };
  }),

  implement(api.documents.rename, async (ctx, args) => {
    writableOrganization(ctx, "Document");
    return renameDocument({
      db: ctx.db,
      caller: ctx.user,
      documentId: args.documentId,
      name: args.name,
    });
  }),

  implement(api.documents.move, async (ctx, args) => {
    writableOrganization(ctx, "Document");
    return moveDocument({
      db: ctx.db,
      caller: ctx.user,
      documentId: args.documentId,
      folderId: args.folderId,
    });
  }),

  implement(api.documents.remove, async (ctx, args) => {
    writableOrganization(ctx, "Document");
    const keys = await removeDocument({
      db: ctx.db,
      caller: ctx.user,
      documentId: args.documentId,
    });
    deleteBlobsAfterCommit(ctx, keys);
    return null;
  }),

  implement(api.documents.retry, async (ctx, args) => {
    writableOrganization(ctx, "Document");
    return retryDocument({ db: ctx.db, caller: ctx.user, documentId: args.documentId });
  }),

  implement(api.documents.setFavorite, async (ctx, args) => {
    await setFavorite(ctx.db, ctx.user, "document", args.documentId, args.favorite);
    return null;
  }),

  implement(api.documents.listFavorites, async (ctx, args) => {
    dependOnDossierAccess(ctx);
    return listFavoriteDocuments({
      db: ctx.db,
      caller: ctx.user,
      numItems: args.paginationOpts.numItems,
      cursor: args.paginationOpts.cursor,
      fields: args.fields ?? [],
    });
  }),

  // Tags and suggestions (decision 031)
  implement(api.documents.listTags, async (ctx) => {
    dependOnDossierAccess(ctx);
    return listTags(ctx.db, ctx.user);
  }),

  implement(api.documents.setTags, async (ctx, args) => {
    writableOrganization(ctx, "Document");
    return setDocumentTags({
      db: ctx.db,
      caller: ctx.user,
      documentId: args.documentId,
      tags: args.tags,
      primaryTagName: args.primaryTagName,
    });
  }),

  implement(api.documents.suggest, async (ctx, args) => {
    dependOnDossierAccess(ctx);
    return suggest(ctx.db, ctx.user, args.prefix);
  }),
];
