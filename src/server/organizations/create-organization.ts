import { like } from "drizzle-orm";
import { slugify } from "#shared/rules/slug.ts";
import type { Executor } from "../db/database.ts";
import { organizations } from "../db/schema.ts";
import { newId } from "../ids.ts";

export interface CreateOrganizationOptions {
  db: Executor;
  name: string;
}

/** Create an organization with a unique slug derived from its name. */
export async function createOrganization({ db, name }: CreateOrganizationOptions) {
  const base = slugify(name, "organization");
  const taken = new Set(
    (
      await db
        .select({ slug: organizations.slug })
        .from(organizations)
        .where(like(organizations.slug, `${base}%`))
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  const [created] = await db
    .insert(organizations)
    .values({ id: newId(), name: name.trim(), slug })
    .returning();
  return created!;
}
