import { describe, expect, it } from "vitest";
import { monthLabel, roleLabel } from "./format.ts";

describe("organization formatting", () => {
  it("names roles and months", () => {
    expect(roleLabel("OrganizationAdmin")).toBe("Admin");
    expect(roleLabel("Member", true)).toBe("Superadmin");
    expect(monthLabel("2026-01")).toBe("Jan");
  });
});
