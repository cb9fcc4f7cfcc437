import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { dependOnDossierAccess } from "../dossier/access.ts";
import { listShareableMembers } from "../members/list-members.ts";
import { listEntityAccess, requireOwnedEntity } from "./entity-access.ts";
import { removeShare, setShare } from "./set-share.ts";
import { listSharedWithMe } from "./shared-with-me.ts";

/**
 * shares.*: who may open a folder or document besides its owner (decision
 * 023). Only the owner lists, grants and takes back access; what a grant
 * allows is decided in dossier/access.ts.
 */
export const shareFunctions: ServerFunction[] = [
  implement(api.shares.listForEntity, async (ctx, args) => {
    const entity = await requireOwnedEntity(ctx.db, ctx.user, args.entityType, args.entityId);
    return listEntityAccess(ctx.db, entity);
  }),

  implement(api.shares.set, async (ctx, args) => {
    const entity = await requireOwnedEntity(ctx.db, ctx.user, args.entityType, args.entityId);
    await setShare({
      db: ctx.db,
      entity,
      grantee: args.grantee,
      role: args.role,
      createdBy: ctx.user.userId,
    });
    return listEntityAccess(ctx.db, entity);
  }),

  implement(api.shares.remove, async (ctx, args) => {
    const entity = await requireOwnedEntity(ctx.db, ctx.user, args.entityType, args.entityId);
    await removeShare({ db: ctx.db, entity, grantee: args.grantee });
    return listEntityAccess(ctx.db, entity);
  }),

  implement(api.shares.listSharedWithMe, async (ctx, args) => {
    dependOnDossierAccess(ctx);
    return listSharedWithMe(ctx.db, ctx.user, args.parentId ?? null);
  }),

  implement(api.shares.listShareableMembers, async (ctx) => listShareableMembers(ctx.db, ctx.user)),
];
