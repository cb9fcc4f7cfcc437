import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { createSupportRequest } from "./create-request.ts";
import { replyToRequest } from "./reply-to-request.ts";
import { dependOnRequest, requireVisibleRequest } from "./support-access.ts";
import { listMyRequests, threadView } from "./support-view.ts";

/**
 * support.*: members' support requests and their threads. Who sees which
 * request is decided in support-access.ts (the requester, and superadmins).
 */
export const supportFunctions: ServerFunction[] = [
  implement(api.support.create, async (ctx, args) =>
    createSupportRequest({ db: ctx.db, caller: ctx.user, ...args }),
  ),

  implement(api.support.listMine, async (ctx) => {
    ctx.dependsOnRow("support_requests", `user:${ctx.user.userId}`);
    return listMyRequests(ctx.db, ctx.user);
  }),

  implement(api.support.get, async (ctx, args) => {
    const row = await requireVisibleRequest(ctx.db, ctx.user, args.requestId);
    dependOnRequest(ctx, row.id);
    if (row.documentId) ctx.dependsOnRow("documents", row.documentId);
    return threadView(ctx.db, row);
  }),

  implement(api.support.reply, async (ctx, args) =>
    replyToRequest({ db: ctx.db, caller: ctx.user, requestId: args.requestId, body: args.body }),
  ),
];
