import { describe, expect, it } from "vitest";
import { NamedStatements, pgPreparedFromEnv, statementName } from "./pg-named.ts";

describe("NamedStatements", () => {
  it("names a text from its second sight, the same name every time", () => {
    const named = new NamedStatements();
    expect(named.nameFor("select $1")).toBeUndefined();
    const name = named.nameFor("select $1");
    expect(name).toBe(statementName("select $1"));
    expect(named.nameFor("select $1")).toBe(name);
    expect(named.nameFor("select $2")).toBeUndefined();
  });

  it("gives different texts different names that PostgreSQL accepts (under 63 bytes)", () => {
    const a = statementName("select 1 where x = $1");
    const b = statementName("select 1 where x = $2");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^a_[A-Za-z0-9_-]{22}$/);
  });
});

describe("ATRIUM_PG_PREPARED", () => {
  it("is on unless set to 0, and refuses anything else", () => {
    expect(pgPreparedFromEnv(undefined)).toBe(true);
    expect(pgPreparedFromEnv("")).toBe(true);
    expect(pgPreparedFromEnv("1")).toBe(true);
    expect(pgPreparedFromEnv("0")).toBe(false);
    expect(() => pgPreparedFromEnv("yes")).toThrow('ATRIUM_PG_PREPARED must be 0 or 1, got "yes"');
  });
});
