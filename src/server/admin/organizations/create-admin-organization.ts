import { eq } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type {
  CreateOrganizationResult,
  createOrganizationSchema,
} from "#shared/schemas/admin-organizations.ts";
import type { z } from "zod";
import type { FunctionCtx } from "../../api/context.ts";
import { writeAudit } from "../../auth/audit.ts";
import type { Executor } from "../../db/database.ts";
import { invitations, organizations } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import { invitationContext, invitationExpiry } from "../../invitations/create-invitations.ts";
import { deliverInvitations, type NewLink } from "../../invitations/deliver-invitations.ts";
import { hashInvitationToken, newInvitationToken } from "../../invitations/invitation-tokens.ts";
import { isRemovedAccount } from "../../invitations/join-organization.ts";
import { createOrganization } from "../../organizations/create-organization.ts";
import { findUserByEmail } from "../../users/create-user.ts";

type CreateArgs = z.output<typeof createOrganizationSchema>;

export const SLUG_TAKEN = "This slug is already used by another organization";

export const invalidField = (path: string, message: string) =>
  new AppError("INVALID_ARGS", message, { issues: [{ path, message }] });

export async function assertSlugFree(db: Executor, slug: string, exceptId?: string) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  if (row && row.id !== exceptId) throw invalidField("slug", SLUG_TAKEN);
}

/**
 * Whether the first admin's address can be invited: an account in an
 * organization (or a superadmin's) cannot join another one, so the whole
 * creation is refused with a message on the field. An account without an
 * organization signs in and accepts; a removed account starts anew.
 */
async function checkFirstAdmin(db: Executor, email: string): Promise<{ accountExists: boolean }> {
  const existing = await findUserByEmail(db, email);
  if (!existing || isRemovedAccount(existing)) return { accountExists: false };
  if (existing.organizationId || existing.isSuperadmin) {
    const [org] = existing.organizationId
      ? await db
          .select({ name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, existing.organizationId))
      : [];
    throw invalidField(
      "firstAdmin.email",
      org
        ? `${email} already has an account, in "${org.name}". An account belongs to one organization: use another address, or create the organization without a first admin.`
        : `${email} already has an account (a superadmin's). Use another address, or create the organization without a first admin.`,
    );
  }
  return { accountExists: true };
}

/**
 * A superadmin creates an organization (as the CLI and the setup do) and
 * invites its first admin as OrganizationAdmin (decision 026). The invitation
 * is emailed after commit when SMTP is configured; the answer always carries
 * its link.
 */
export async function createAdminOrganization(
  ctx: FunctionCtx,
  args: CreateArgs,
): Promise<CreateOrganizationResult> {
  const caller = ctx.user;
  const created = await ctx.transaction(async (tx) => {
    if (args.slug) await assertSlugFree(tx, args.slug);
    const firstAdmin = args.firstAdmin
      ? { ...args.firstAdmin, ...(await checkFirstAdmin(tx, args.firstAdmin.email)) }
      : undefined;
    const organization = args.slug
      ? (
          await tx
            .insert(organizations)
            .values({ id: newId(), name: args.name, slug: args.slug })
            .returning()
        )[0]!
      : await createOrganization({ db: tx, name: args.name });
    await writeAudit(tx, {
      action: "admin.organization.create",
      organizationId: organization.id,
      actorUserId: caller.userId,
      targetType: "organization",
      targetId: organization.id,
      metadata: {
        name: organization.name,
        slug: organization.slug,
        firstAdmin: firstAdmin
          ? {
              email: firstAdmin.email,
              firstName: firstAdmin.firstName,
              lastName: firstAdmin.lastName,
            }
          : null,
      },
      request: ctx.request,
    });
    let link: NewLink | null = null;
    if (firstAdmin) {
      const token = newInvitationToken();
      const invitationId = newId();
      await tx.insert(invitations).values({
        id: invitationId,
        organizationId: organization.id,
        email: firstAdmin.email,
        role: "OrganizationAdmin",
        tokenHash: hashInvitationToken(token),
        invitedBy: caller.userId,
        expiresAt: invitationExpiry(),
      });
      await writeAudit(tx, {
        action: "invitation.create",
        organizationId: organization.id,
        actorUserId: caller.userId,
        targetType: "invitation",
        targetId: invitationId,
        metadata: { email: firstAdmin.email, role: "OrganizationAdmin", by: "superadmin" },
        request: ctx.request,
      });
      link = { invitationId, email: firstAdmin.email, role: "OrganizationAdmin", token };
    }
    return { organization, link, accountExists: firstAdmin?.accountExists ?? false };
  });

  const { organization, link } = created;
  let invitation: CreateOrganizationResult["invitation"] = null;
  if (link) {
    const context = await invitationContext(ctx.db, organization.id, caller.userId);
    invitation = (await deliverInvitations(ctx, [link], context))[0] ?? null;
    if (invitation && created.accountExists) {
      const note = "This address already has an account: they sign in and accept the invitation.";
      invitation = { ...invitation, message: [note, invitation.message].filter(Boolean).join(" ") };
    }
  }
  return {
    organizationId: organization.id,
    name: organization.name,
    slug: organization.slug,
    invitation: invitation ?? null,
  };
}
