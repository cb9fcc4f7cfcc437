import { sql } from "drizzle-orm";
import type { Role } from "#shared/constants.ts";
import { conflict } from "#shared/errors.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { Executor } from "../db/database.ts";
import { users } from "../db/schema.ts";
import { newId } from "../ids.ts";

export interface CreateUserOptions {
  db: Executor;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  organizationId: string | null;
  role?: Role;
  isSuperadmin?: boolean;
}

export async function findUserByEmail(db: Executor, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return rows[0];
}

/** Create a user; an email already in use (in any case) is a conflict. */
export async function createUser(options: CreateUserOptions) {
  const email = options.email.trim();
  if (await findUserByEmail(options.db, email)) {
    throw conflict("A user with this email address already exists.");
  }
  const [created] = await options.db
    .insert(users)
    .values({
      id: newId(),
      email,
      passwordHash: await hashPassword(options.password),
      firstName: options.firstName.trim(),
      lastName: options.lastName.trim(),
      organizationId: options.organizationId,
      role: options.role ?? "Member",
      isSuperadmin: options.isSuperadmin ?? false,
    })
    .returning();
  return created!;
}
