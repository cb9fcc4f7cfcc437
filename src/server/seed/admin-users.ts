import { eq } from "drizzle-orm";
import type { Role } from "#shared/constants.ts";
import { hashPassword } from "../auth/passwords.ts";
import { organizations, users } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { createOrganization } from "../organizations/create-organization.ts";
import { findUserByEmail } from "../users/create-user.ts";
import type { DemoContext } from "./demo-context.ts";

const SECOND_ORGANIZATION = "Harbor & Finch Advisory (demo)";
const DAY = 86_400_000;

interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The demo organization, or the second one. */
  second?: boolean;
  disabled?: boolean;
  /** Days since they were last active; absent: never signed in. */
  activeDaysAgo?: number;
}

const PEOPLE: DemoPerson[] = [
  {
    email: "amara.okafor@demo.example.com",
    firstName: "Amara",
    lastName: "Okafor",
    role: "Member",
    activeDaysAgo: 1,
  },
  {
    email: "lucas.martin@demo.example.com",
    firstName: "Lucas",
    lastName: "Martin",
    role: "Member",
    activeDaysAgo: 12,
  },
  { email: "hana.suzuki@demo.example.com", firstName: "Hana", lastName: "Suzuki", role: "Member" },
  {
    email: "victor.weber@demo.example.com",
    firstName: "Victor",
    lastName: "Weber",
    role: "Member",
    disabled: true,
    activeDaysAgo: 140,
  },
  {
    email: "elena.rossi@harbor-finch.example.com",
    firstName: "Elena",
    lastName: "Rossi",
    role: "OrganizationAdmin",
    second: true,
    activeDaysAgo: 0,
  },
  {
    email: "tom.walsh@harbor-finch.example.com",
    firstName: "Tom",
    lastName: "Walsh",
    role: "Member",
    second: true,
    activeDaysAgo: 45,
  },
  {
    email: "nadia.haddad@harbor-finch.example.com",
    firstName: "Nadia",
    lastName: "Haddad",
    role: "Member",
    second: true,
  },
];

/**
 * /admin/users' demo (decision 025): more people across two organizations,
 * with varied last activity, one disabled, so the list and its filters show
 * something real. Idempotent.
 */
export async function seedDemoAdminUsers(ctx: DemoContext, password: string): Promise<void> {
  const { db } = ctx;
  const [existing] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, SECOND_ORGANIZATION));
  const secondId = existing?.id ?? (await createOrganization({ db, name: SECOND_ORGANIZATION })).id;
  let passwordHash: string | undefined;
  for (const person of PEOPLE) {
    if (await findUserByEmail(db, person.email)) continue;
    passwordHash ??= await hashPassword(password);
    const lastActiveAt =
      person.activeDaysAgo === undefined
        ? null
        : new Date(Date.now() - person.activeDaysAgo * DAY - 3_600_000);
    await db.insert(users).values({
      id: newId(),
      email: person.email,
      passwordHash,
      firstName: person.firstName,
      lastName: person.lastName,
      organizationId: person.second ? secondId : ctx.organizationId,
      role: person.role,
      disabled: person.disabled ?? false,
      lastActiveAt,
      lastSignInAt: lastActiveAt,
    });
  }
}
