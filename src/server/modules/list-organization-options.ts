import { asc, sql } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { organizations } from "../db/schema.ts";

/** Every organization by name: what the module form can limit a module to. */
export async function listOrganizationOptions(
  db: Executor,
): Promise<Array<{ _id: string; name: string }>> {
  return db
    .select({ _id: organizations.id, name: organizations.name })
    .from(organizations)
    .orderBy(sql`lower(${organizations.name})`, asc(organizations.id));
}
