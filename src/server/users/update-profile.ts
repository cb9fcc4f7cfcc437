import { eq } from "drizzle-orm";
import { updateProfile } from "#shared/api/users.ts";
import { notFound } from "#shared/errors.ts";
import { implement } from "../api/registry.ts";
import { users } from "../db/schema.ts";
import { loadUserView } from "./get-me.ts";

export const updateProfileFunction = implement(updateProfile, async (ctx, args) => {
  const { userId } = ctx.user;
  await ctx.db
    .update(users)
    .set({ firstName: args.firstName, lastName: args.lastName, updatedAt: new Date() })
    .where(eq(users.id, userId));
  const view = await loadUserView(ctx.db, userId);
  if (!view) throw notFound("Your account");
  return view;
});
