import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { listAuditActions, readAuditPage } from "./audit/audit-query.ts";
import { listLooksAtMe } from "./audit/looks-at-me.ts";
import { getAdminDocument } from "./looks/get-document.ts";
import { getAdminThread } from "./looks/get-thread.ts";
import { listAdminFolder } from "./looks/list-folder.ts";
import { listAdminOrganizations } from "./looks/list-organizations.ts";
import { listAdminThreads } from "./looks/list-threads.ts";
import { listSupportInbox, setSupportRequestClosed } from "./support/support-inbox.ts";

/**
 * admin.dossier.*, admin.chat.*, admin.audit.*, admin.support.* (superadmin
 * access on every contract, checked before the handler runs) and
 * audit.listLooksAtMe (any member, about their own things). Decision 024.
 * Reads across organizations are live with the global scope.
 */
const global = { liveScope: "global" } as const;

export const adminLookFunctions: ServerFunction[] = [
  implement(api.admin.dossier.listOrganizations, (ctx) => listAdminOrganizations(ctx.db), global),
  implement(api.admin.dossier.list, (ctx, args) => listAdminFolder(ctx, args), global),
  implement(
    api.admin.dossier.getDocument,
    (ctx, args) => getAdminDocument(ctx, args.documentId),
    global,
  ),
  implement(api.admin.chat.listThreads, (ctx, args) => listAdminThreads(ctx, args), global),
  implement(api.admin.chat.getThread, (ctx, args) => getAdminThread(ctx, args.threadId), global),
  implement(
    api.admin.audit.list,
    (ctx, args) => readAuditPage(ctx.db, args.filter, args.paginationOpts),
    global,
  ),
  implement(api.admin.audit.listActions, (ctx) => listAuditActions(ctx.db), global),
  implement(api.audit.listLooksAtMe, (ctx) => listLooksAtMe(ctx)),
  implement(api.admin.support.list, (ctx, args) => listSupportInbox(ctx, args), global),
  implement(api.admin.support.close, (ctx, args) =>
    setSupportRequestClosed(ctx, args.requestId, true),
  ),
  implement(api.admin.support.reopen, (ctx, args) =>
    setSupportRequestClosed(ctx, args.requestId, false),
  ),
];
