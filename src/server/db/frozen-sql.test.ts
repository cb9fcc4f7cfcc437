import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { frozenSql } from "./frozen-sql.ts";
import { documents, folders } from "./schema.ts";

const dialect = new PgDialect();
const render = (fragment: ReturnType<typeof sql>) => dialect.sqlToQuery(fragment);

/** A fragment like the access rules: tables, columns, raw aliases, nested templates, a value used twice. */
const template = (userId: unknown, folderId: unknown) =>
  sql`(select count(*) from ${folders} ${sql.raw("f")}
    where f.owner_id = ${userId} and ${sql`${documents.folderId} = ${folderId}`}
      and (f.owner_id = ${userId} or f.owner_id is null))`;

describe("frozenSql", () => {
  const frozen = frozenSql((userId: ReturnType<typeof sql>, folderId: ReturnType<typeof sql>) =>
    template(userId, folderId),
  );

  it("renders what the template renders, with strings and numbers as parameters", () => {
    const outer = (fragment: ReturnType<typeof sql>) =>
      render(sql`select ${fragment} as n from ${documents} where ${documents.size} > ${10}`);
    const expected = outer(template("user-1", "folder-1"));
    const got = outer(frozen("user-1", "folder-1"));
    expect(got).toEqual(expected);
    expect(got.params).toEqual(["user-1", "folder-1", "user-1", 10]);
    expect(got.sql).toContain('"documents"."folder_id" = $2');
  });

  it("puts SQL expressions and placeholders in place, as the template does", () => {
    const expression = sql`m.user_id`;
    const placeholder = sql.placeholder("folderId");
    expect(render(frozen(expression, placeholder))).toEqual(
      render(template(expression, placeholder)),
    );
    expect(render(frozen(expression, placeholder)).sql).toContain("f.owner_id = m.user_id");
  });

  it("gives a new fragment on every call, so mapWith on one does not touch another", () => {
    const a = frozen("a", "b").mapWith(Number);
    const b = frozen("a", "b");
    expect(a).not.toBe(b);
    const decoder = (fragment: object) => (fragment as { decoder?: unknown }).decoder;
    expect(decoder(b)).not.toBe(decoder(a));
  });

  it("keeps a fragment without values as its text", () => {
    const constant = frozenSql(() => sql`(select 1 from ${folders})`);
    expect(render(constant())).toEqual({ sql: '(select 1 from "folders")', params: [] });
  });

  it("refuses a fragment with parameters of its own, and a value it never uses", () => {
    expect(() =>
      frozenSql((userId: ReturnType<typeof sql>) => sql`${userId} = ${"folder"}`),
    ).toThrow(/parameters of its own \(\["folder"\]\)/);
    expect(() =>
      frozenSql((_userId: ReturnType<typeof sql>, other: ReturnType<typeof sql>) => sql`${other}`),
    ).toThrow("never uses its value 0");
  });
});
