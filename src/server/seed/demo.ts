import { eq } from "drizzle-orm";
import type { Role } from "#shared/constants.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { Executor } from "../db/database.ts";
import { organizations, users } from "../db/schema.ts";
import { createOrganization } from "../organizations/create-organization.ts";
import type { BlobStorage } from "../storage/blob-storage.ts";
import { createUser, findUserByEmail } from "../users/create-user.ts";
import { seedDemoAdminLooks } from "./admin-looks.ts";
import { seedDemoAdminUsers } from "./admin-users.ts";
import type { DemoContext } from "./demo-context.ts";
import { seedDemoDossier } from "./dossier.ts";
import { seedDemoDossierSharing } from "./dossier-sharing.ts";
import { seedDemoTags } from "./dossier-tags.ts";
import { seedDemoDrafts } from "./drafts.ts";
import { seedDemoModuleAutomation } from "./module-automation.ts";
import { seedDemoModules } from "./modules.ts";
import { seedDemoNotifications } from "./notifications.ts";
import { seedDemoOrganization } from "./organization.ts";
import { seedDemoPrompts } from "./prompts.ts";
import { seedDemoReviewTables } from "./review-tables.ts";
import { seedDemoSupport } from "./support.ts";
import { seedDemoWorkflows } from "./workflows.ts";

export const DEMO_PASSWORD = "atrium-demo-2026";
export const DEMO_ORGANIZATION = "Northwind Legal (demo)";

const DEMO_USERS: Array<{
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isSuperadmin: boolean;
}> = [
  {
    email: "superadmin@demo.example.com",
    firstName: "Sam",
    lastName: "Super",
    role: "OrganizationAdmin",
    isSuperadmin: true,
  },
  {
    email: "admin@demo.example.com",
    firstName: "Olivia",
    lastName: "Admin",
    role: "OrganizationAdmin",
    isSuperadmin: false,
  },
  {
    email: "member@demo.example.com",
    firstName: "Max",
    lastName: "Member",
    role: "Member",
    isSuperadmin: false,
  },
];

/**
 * Later capabilities add their demo content (folders, documents, threads,
 * modules...) by appending a seeder here. Seeders must be idempotent.
 */
export const demoSeeders: Array<(ctx: DemoContext) => Promise<void>> = [
  seedDemoDossier,
  seedDemoDossierSharing,
  seedDemoPrompts,
  (ctx) => seedDemoOrganization(ctx, DEMO_PASSWORD),
  seedDemoNotifications,
  seedDemoSupport,
  seedDemoModules,
  seedDemoModuleAutomation,
  seedDemoDrafts,
  seedDemoReviewTables,
  seedDemoWorkflows,
  (ctx) => seedDemoAdminUsers(ctx, DEMO_PASSWORD),
  seedDemoAdminLooks,
  seedDemoTags,
];

/** A demo organization with a user of each role; safe to run again. */
export async function seedDemo(
  db: Executor,
  storage: BlobStorage,
): Promise<{ organizationId: string; emails: string[] }> {
  return db.transaction(async (tx) => {
    const existing = (
      await tx.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION))
    )[0];
    const organization =
      existing ?? (await createOrganization({ db: tx, name: DEMO_ORGANIZATION }));
    const ids: string[] = [];
    for (const demo of DEMO_USERS) {
      const found = await findUserByEmail(tx, demo.email);
      if (found) {
        await tx
          .update(users)
          .set({
            passwordHash: await hashPassword(DEMO_PASSWORD),
            disabled: false,
            organizationId: organization.id,
            role: demo.role,
            isSuperadmin: demo.isSuperadmin,
          })
          .where(eq(users.id, found.id));
        ids.push(found.id);
      } else {
        const created = await createUser({
          db: tx,
          ...demo,
          password: DEMO_PASSWORD,
          organizationId: organization.id,
        });
        ids.push(created.id);
      }
    }
    const ctx: DemoContext = {
      db: tx,
      storage,
      organizationId: organization.id,
      userIds: { superadmin: ids[0]!, admin: ids[1]!, member: ids[2]! },
    };
    for (const seeder of demoSeeders) await seeder(ctx);
    return { organizationId: organization.id, emails: DEMO_USERS.map((u) => u.email) };
  });
}
