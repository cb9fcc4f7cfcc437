import { describe, expect, it } from "vitest";
import {
  dependencyKeys,
  dependOnRows,
  newTracker,
  recordSql,
  runTracked,
  tablesInSql,
} from "./read-tracker.ts";

describe("tablesInSql", () => {
  it("finds the tables a drizzle statement reads", () => {
    const sql =
      'select "users"."id" from "users" left join "organizations" on "organizations"."id" = "users"."organization_id" where "users"."id" = $1';
    expect(tablesInSql(sql).sort()).toEqual(["organizations", "users"]);
    expect(tablesInSql('insert into "users" ("id") values ($1)')).toEqual([]);
  });
});

describe("read tracking", () => {
  it("attributes statements to the run that issued them", async () => {
    const a = newTracker();
    const b = newTracker();
    await Promise.all([
      runTracked(a, async () => {
        await new Promise((r) => setTimeout(r, 5));
        recordSql('select * from "users"');
      }),
      runTracked(b, async () => recordSql('select * from "organizations"')),
    ]);
    expect([...a.tables]).toEqual(["users"]);
    expect([...b.tables]).toEqual(["organizations"]);
  });

  it("scopes dependencies to the organization, to rows, or to the whole table", () => {
    const tracker = newTracker();
    tracker.tables.add("users");
    tracker.tables.add("organizations");
    tracker.rows.set("organizations", new Set(["o1"]));
    expect(dependencyKeys(tracker, { organizationId: "org", global: false }).sort()).toEqual([
      "organizations:id:o1",
      "organizations:rows",
      "users:org:org",
    ]);
    expect(dependencyKeys(tracker, { organizationId: "org", global: true })).toContain("users:*");
    expect(dependencyKeys(tracker, { organizationId: null, global: false })).toContain("users:*");
  });

  it("narrows the reading run's table to row keys, whoever's tracker that is", async () => {
    const tracker = newTracker();
    await runTracked(tracker, async () => {
      recordSql('select * from "documents"');
      dependOnRows("documents", ["folder:f1"]);
    });
    dependOnRows("documents", ["folder:nobody"]);
    expect(dependencyKeys(tracker, { organizationId: "org", global: false }).sort()).toEqual([
      "documents:id:folder:f1",
      "documents:rows",
    ]);
  });
});
