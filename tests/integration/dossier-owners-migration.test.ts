import { describe, expect, it } from "vitest";
import { migrateOverOldRows, type Query } from "../support/migration-runs.ts";
import { DB_KINDS } from "../support/server.ts";

/**
 * Migration 0015 on PGlite and PostgreSQL, over a dossier as it was before ownership (every
 * member read and changed everything): every folder and document gets an owner from the
 * organization (the audit log's creator, else its folder's owner, else the first admin),
 * nothing is deleted or moved, and each organization's existing top-level folders and
 * documents are shared with that organization alone as editor, so nobody loses access and no
 * other organization gains any.
 */

const BEFORE = "0015_dossier_owners";
const id = (group: string, n: number) =>
  `0190f0f0-0000-7000-8000-0000${group}${String(n).padStart(6, "0")}`;
const ORG_A = id("00", 1);
const ORG_B = id("00", 2);
const ORG_EMPTY = id("00", 3);
const ALICE = id("01", 1); // member of A, created first
const ADMIN_A = id("01", 2); // A's admin, created later: still the first admin
const BOB = id("01", 3); // member of A
const CAROL = id("01", 4); // admin of B
const F = (n: number) => id("02", n);
const D = (n: number) => id("03", n);

async function fillOldDossier(query: Query): Promise<void> {
  await query(
    `INSERT INTO organizations (id, name, slug) VALUES ('${ORG_A}', 'A', 'a'), ('${ORG_B}', 'B', 'b'), ('${ORG_EMPTY}', 'E', 'e')`,
  );
  const users: Array<[string, string, string, number]> = [
    [ALICE, ORG_A, "Member", 1],
    [ADMIN_A, ORG_A, "OrganizationAdmin", 2],
    [BOB, ORG_A, "Member", 3],
    [CAROL, ORG_B, "OrganizationAdmin", 4],
  ];
  for (const [user, org, role, day] of users) {
    await query(
      `INSERT INTO users (id, organization_id, first_name, last_name, email, role, created_at)
       VALUES ('${user}', '${org}', 'U', '${day}', 'u${day}@example.test', '${role}', timestamptz '2024-01-0${day}')`,
    );
  }
  // A: "contracts" (owner Bob) > "2024" (no owner) ; "letters" (no owner, Alice's audit entry).
  // B: "board" (no owner). Empty org E: "orphan" (no owner, nobody to own it).
  const folders: Array<[string, string, string | null, string, string | null]> = [
    [F(1), ORG_A, null, "contracts", BOB],
    [F(2), ORG_A, F(1), "contracts/2024", null],
    [F(3), ORG_A, null, "letters", null],
    [F(4), ORG_B, null, "board", null],
    [F(5), ORG_EMPTY, null, "orphan", null],
  ];
  for (const [folder, org, parent, p, owner] of folders) {
    await query(
      `INSERT INTO folders (id, organization_id, parent_id, name, slug, path, owner_id)
       VALUES ('${folder}', '${org}', ${parent ? `'${parent}'` : "NULL"}, '${p}', '${p.split("/").at(-1)}', '${p}', ${owner ? `'${owner}'` : "NULL"})`,
    );
  }
  const documents: Array<[string, string, string | null, string | null]> = [
    [D(1), ORG_A, F(2), null], // inside Bob's tree: Bob
    [D(2), ORG_A, null, null], // top level, audit says Alice uploaded it
    [D(3), ORG_A, F(3), ALICE], // already owned
    [D(4), ORG_A, null, null], // top level, no trace: A's first admin
    [D(5), ORG_B, F(4), null],
  ];
  for (const [doc, org, folder, owner] of documents) {
    await query(
      `INSERT INTO documents (id, organization_id, folder_id, owner_id, storage_id, name, file_type, mime_type, size)
       VALUES ('${doc}', '${org}', ${folder ? `'${folder}'` : "NULL"}, ${owner ? `'${owner}'` : "NULL"}, 'blob-${doc}', 'Doc', 'txt', 'text/plain', 1)`,
    );
  }
  await query(
    `INSERT INTO audit_log (id, organization_id, actor_user_id, action, target_type, target_id)
     VALUES ('${id("04", 1)}', '${ORG_A}', '${ALICE}', 'document.upload', 'document', '${D(2)}'),
            ('${id("04", 2)}', '${ORG_A}', '${ALICE}', 'folder.create', 'folder', '${F(3)}'),
            ('${id("04", 3)}', '${ORG_A}', '${CAROL}', 'document.upload', 'document', '${D(4)}')`,
  );
}

async function expectOwnedAndShared(query: Query): Promise<void> {
  // Nothing lost: every row is still there, where it was.
  expect(await query("SELECT id, owner_id, parent_id, path FROM folders ORDER BY id")).toEqual([
    { id: F(1), owner_id: BOB, parent_id: null, path: "contracts" },
    { id: F(2), owner_id: BOB, parent_id: F(1), path: "contracts/2024" },
    { id: F(3), owner_id: ALICE, parent_id: null, path: "letters" },
    { id: F(4), owner_id: CAROL, parent_id: null, path: "board" },
    { id: F(5), owner_id: null, parent_id: null, path: "orphan" },
  ]);
  expect(await query("SELECT id, owner_id, folder_id FROM documents ORDER BY id")).toEqual([
    // Inside Bob's folder tree: Bob, rather than a guess.
    { id: D(1), owner_id: BOB, folder_id: F(2) },
    { id: D(2), owner_id: ALICE, folder_id: null },
    { id: D(3), owner_id: ALICE, folder_id: F(3) },
    // Carol's audit entry is from another organization: never an owner here.
    { id: D(4), owner_id: ADMIN_A, folder_id: null },
    { id: D(5), owner_id: CAROL, folder_id: F(4) },
  ]);
  // Nobody loses access: each organization's top level is shared with it alone, as editor.
  expect(
    await query(
      `SELECT organization_id, entity_type, entity_id, grantee_user_id, role FROM dossier_shares
       ORDER BY entity_type DESC, entity_id`,
    ),
  ).toEqual([
    {
      organization_id: ORG_A,
      entity_type: "folder",
      entity_id: F(1),
      grantee_user_id: null,
      role: "editor",
    },
    {
      organization_id: ORG_A,
      entity_type: "folder",
      entity_id: F(3),
      grantee_user_id: null,
      role: "editor",
    },
    {
      organization_id: ORG_B,
      entity_type: "folder",
      entity_id: F(4),
      grantee_user_id: null,
      role: "editor",
    },
    {
      organization_id: ORG_EMPTY,
      entity_type: "folder",
      entity_id: F(5),
      grantee_user_id: null,
      role: "editor",
    },
    {
      organization_id: ORG_A,
      entity_type: "document",
      entity_id: D(2),
      grantee_user_id: null,
      role: "editor",
    },
    {
      organization_id: ORG_A,
      entity_type: "document",
      entity_id: D(4),
      grantee_user_id: null,
      role: "editor",
    },
  ]);
}

/** Two full migration runs on a busy machine take longer than one test's default limit. */
describe("migration 0015: the dossier gets owners", () => {
  it.each(DB_KINDS)(
    "gives every row an owner and keeps today's access (%s)",
    async (kind) => {
      await migrateOverOldRows(kind, BEFORE, fillOldDossier, expectOwnedAndShared);
    },
    120_000,
  );
});
