import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/db/database.ts";
import { rowsOf } from "../../src/server/db/raw-rows.ts";
import { dossierFavorites, dossierShares, folders, users } from "../../src/server/db/schema.ts";
import {
  type DossierCaller,
  folderAccessColumns,
  folderRankSql,
  folderTreeRanksSql,
  readableFoldersCondition,
} from "../../src/server/dossier/access.ts";
import { getAllFolders } from "../../src/server/folders/folder-queries.ts";
import { folderView } from "../../src/server/folders/folder-view.ts";
import { MAX_FOLDER_DEPTH } from "../../src/server/folders/slugs.ts";
import { newId } from "../../src/server/ids.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { startDossierServer } from "../support/dossier-fixtures.ts";
import { DB_KINDS, type TestServer, unique } from "../support/server.ts";

/**
 * The whole-tree rank (folderTreeRanksSql, folders.getAll's statement) against the per-row one
 * (folderRankSql) on random organizations from a seeded generator: trees down to
 * MAX_FOLDER_DEPTH, several owners (and folders whose owner was deleted), grants to members and
 * to the organization of both roles at every level, a document share on a folder's id, a member
 * with nothing of their own, and a second organization with a tree of its own and a grant to a member of the
 * first. For every caller, every folder of their organization must get the same rank both ways,
 * and folders.getAll must answer exactly what the per-row statement answers — before and after
 * ANALYZE, so under either plan.
 */

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

interface Org {
  organizationId: string;
  members: string[];
  /** A member who owns nothing and has no grant of their own (only the organization's). */
  stranger: string;
  folderIds: string[];
}

async function seedOrganization(db: Db, seed: number, folderCount: number): Promise<Org> {
  const random = generator(seed);
  const { id: organizationId } = await createOrganization({ db, name: unique("Tree org") });
  const people = Array.from({ length: 6 }, (_, i) => ({
    id: newId(),
    organizationId,
    email: `${unique("tree")}@example.test`,
    // One member without a name: getAll shows no owner name for their folders.
    firstName: i === 1 ? "" : `Member ${i}`,
    lastName: i === 1 ? "" : `Of ${seed}`,
  }));
  await db.insert(users).values(people);
  const members = people.slice(0, 5).map((p) => p.id);
  const stranger = people[5]!.id;
  // Owners: the members, and now and then nobody (a deleted member's folder).
  const owners = [...members, ...members, null];

  const made: Array<{ id: string; path: string; depth: number }> = [];
  const rows: Array<typeof folders.$inferInsert> = [];
  const add = (parent: (typeof made)[number] | undefined, ownerId: string | null) => {
    const slug = `f-${made.length}`;
    const folder = {
      id: newId(),
      path: parent ? `${parent.path}/${slug}` : slug,
      depth: (parent?.depth ?? 0) + 1,
    };
    made.push(folder);
    rows.push({
      id: folder.id,
      organizationId,
      parentId: parent?.id ?? null,
      name: `Folder ${made.length}`,
      slug,
      path: folder.path,
      ownerId,
    });
    return folder;
  };
  for (let i = 0; i < 4; i++) add(undefined, random.pick(owners));
  // One chain as deep as folders may go.
  let deepest = made[0]!;
  while (deepest.depth < MAX_FOLDER_DEPTH) deepest = add(deepest, random.pick(owners));
  while (made.length < folderCount) {
    const parent = random.next() < 0.1 ? undefined : random.pick(made);
    if (parent && parent.depth >= MAX_FOLDER_DEPTH) continue;
    add(parent, random.pick(owners));
  }
  await db.insert(folders).values(rows);

  const shares: Array<typeof dossierShares.$inferInsert> = [];
  const taken = new Set<string>();
  const share = (
    entityId: string,
    granteeUserId: string | null,
    entityType = "folder" as const,
  ) => {
    const key = `${entityType}:${entityId}:${granteeUserId}`;
    if (taken.has(key)) return;
    taken.add(key);
    const role = random.next() < 0.5 ? "viewer" : "editor";
    shares.push({ id: newId(), organizationId, entityType, entityId, granteeUserId, role });
  };
  for (const folder of made) {
    if (random.next() < 0.12) share(folder.id, random.pick(members));
    if (random.next() < 0.06) share(folder.id, null);
  }
  // A grant to a member on a document share's row naming a folder's id: not a folder grant.
  shares.push({
    id: newId(),
    organizationId,
    entityType: "document",
    entityId: random.pick(made).id,
    granteeUserId: members[4]!,
    role: "editor",
  });
  await db.insert(dossierShares).values(shares);

  const stars = [...members, stranger].flatMap((userId) =>
    Array.from({ length: 8 }, () => ({
      id: newId(),
      organizationId,
      userId,
      entityType: "folder" as const,
      entityId: random.pick(made).id,
    })),
  );
  await db.insert(dossierFavorites).values(stars).onConflictDoNothing();
  return { organizationId, members, stranger, folderIds: made.map((f) => f.id) };
}

/** Each folder of the caller's organization with their rank, by the per-row form. */
async function perRowRanks(db: Db, caller: DossierCaller): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: folders.id, rank: folderRankSql(caller).mapWith(Number) })
    .from(folders)
    .where(eq(folders.organizationId, caller.organizationId!));
  return new Map(rows.map((row) => [row.id, row.rank]));
}

/** The same by the whole-tree form. */
async function treeRanks(db: Db, caller: DossierCaller): Promise<Map<string, number>> {
  const result = await db.execute(
    sql`select id::text as id, rank::int as rank from (${folderTreeRanksSql(caller, caller.organizationId!)}) ranked`,
  );
  const rows = rowsOf(result) as Array<{ id: string; rank: number }>;
  return new Map(rows.map((row) => [row.id, Number(row.rank)]));
}

/** folders.getAll as it was answered before the whole-tree form: the per-row statement. */
async function perRowGetAll(db: Db, caller: DossierCaller) {
  const rows = await db
    .select({ row: folders, ...folderAccessColumns(caller) })
    .from(folders)
    .where(readableFoldersCondition(caller))
    .orderBy(sql`${folders.path} collate "C"`);
  return rows.map((selected) => folderView(selected.row, selected));
}

describe.each(DB_KINDS)("folder ranks in one pass (%s)", (kind) => {
  let server: TestServer;
  let db: Db;
  const orgs: Org[] = [];

  beforeAll(async () => {
    server = await startDossierServer(kind);
    db = server.running.services.database.db;
    for (const seed of [16, 1034, 77]) {
      const first = await seedOrganization(db, seed, 150);
      const second = await seedOrganization(db, seed + 1, 120);
      // A grant in the second organization to a member of the first: never the first's.
      await db.insert(dossierShares).values({
        id: newId(),
        organizationId: second.organizationId,
        entityType: "folder",
        entityId: second.folderIds[0]!,
        granteeUserId: first.members[0]!,
        role: "editor",
      });
      orgs.push(first, second);
    }
  });
  afterAll(async () => {
    await server.close();
  });

  async function expectSameAnswers() {
    const seen = new Set<number>();
    for (const org of orgs) {
      for (const userId of [...org.members, org.stranger]) {
        const caller = { userId, organizationId: org.organizationId };
        const expected = await perRowRanks(db, caller);
        expect(expected.size).toBe(org.folderIds.length);
        expect(await treeRanks(db, caller)).toEqual(expected);
        expect(await getAllFolders(db, caller)).toEqual(await perRowGetAll(db, caller));
        for (const rank of expected.values()) seen.add(rank);
        if (userId === org.stranger) expect(Math.max(0, ...expected.values())).toBeLessThan(3);
      }
    }
    // The trees exercise every rank, so a form that lost one would be seen.
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
  }

  it("gives every caller the per-row ranks and the same folders.getAll, without statistics", async () => {
    await expectSameAnswers();
  });

  it("and the same after ANALYZE", async () => {
    await db.execute(sql`analyze`);
    await expectSameAnswers();
  });
});
