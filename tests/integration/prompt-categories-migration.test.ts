import { describe, expect, it } from "vitest";
import { migrateOverOldRows, type Query } from "../support/migration-runs.ts";
import { DB_KINDS } from "../support/server.ts";

/**
 * Migration 0008 on PGlite and PostgreSQL: the category texts of existing prompts become
 * prompt_categories rows (one per organization and name, ignoring case and spaces; the global
 * prompts' ones global), each prompt points to its row, and the text column is gone.
 */

const BEFORE = "0008_prompt_categories";
const ORG_A = "0190f0f0-0000-7000-8000-00000000000a";
const ORG_B = "0190f0f0-0000-7000-8000-00000000000b";
const prompt = (n: number) => `0190f0f0-0000-7000-8000-0000000001${String(n).padStart(2, "0")}`;

async function fillOldPrompts(query: Query): Promise<void> {
  await query(
    `INSERT INTO organizations (id, name, slug) VALUES ('${ORG_A}', 'A', 'a'), ('${ORG_B}', 'B', 'b')`,
  );
  const rows: Array<[number, string | null, string | null]> = [
    [1, ORG_A, "Contracts"],
    [2, ORG_A, " contracts "],
    [3, ORG_A, "Letters"],
    [4, ORG_A, null],
    [5, ORG_A, ""],
    [6, ORG_B, "Contracts"],
    [7, null, "Contracts"],
  ];
  for (const [n, org, category] of rows) {
    await query(
      `INSERT INTO prompts (id, organization_id, title, body, category) VALUES ('${prompt(n)}', ${
        org ? `'${org}'` : "NULL"
      }, 'P${n}', 'b', ${category === null ? "NULL" : `'${category}'`})`,
    );
  }
}

async function expectMoved(query: Query): Promise<void> {
  const categories = await query(
    "SELECT organization_id, name FROM prompt_categories ORDER BY organization_id NULLS FIRST, name",
  );
  expect(categories).toEqual([
    { organization_id: null, name: "Contracts" },
    { organization_id: ORG_A, name: "Contracts" },
    { organization_id: ORG_A, name: "Letters" },
    { organization_id: ORG_B, name: "Contracts" },
  ]);
  const prompts = await query(
    `SELECT p.title, p.organization_id AS prompt_org, c.organization_id AS category_org, c.name
     FROM prompts p LEFT JOIN prompt_categories c ON c.id = p.category_id ORDER BY p.title`,
  );
  expect(prompts.map((p) => [p.title, p.name ?? null])).toEqual([
    ["P1", "Contracts"],
    ["P2", "Contracts"],
    ["P3", "Letters"],
    ["P4", null],
    ["P5", null],
    ["P6", "Contracts"],
    ["P7", "Contracts"],
  ]);
  for (const p of prompts) if (p.name) expect(p.category_org).toBe(p.prompt_org);
  const columns = await query(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'prompts' AND column_name = 'category'",
  );
  expect(columns).toEqual([]);
}

describe("migration 0008: prompt categories become rows", () => {
  it.each(DB_KINDS)("moves the category texts (%s)", async (kind) => {
    await migrateOverOldRows(kind, BEFORE, fillOldPrompts, expectMoved);
  });
});
