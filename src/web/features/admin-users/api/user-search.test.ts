import { describe, expect, it } from "vitest";
import { activeFilterCount, filtersFrom, userSearchSchema } from "./user-search.ts";

describe("/admin/users search params", () => {
  it("become the list's filters; 'none' is users without an organization", () => {
    const search = userSearchSchema.parse({
      org: "none",
      role: "OrganizationAdmin",
      superadmin: "no",
      status: "disabled",
      active: "30d",
    });
    expect(filtersFrom(search, "  ada ")).toEqual({
      search: "ada",
      organizationId: null,
      role: "OrganizationAdmin",
      superadmin: false,
      disabled: true,
      lastActive: "30d",
    });
    expect(activeFilterCount(search)).toBe(5);
  });

  it("fall back to 'any' for a bad value instead of failing the page", () => {
    const search = userSearchSchema.parse({ role: "Owner", active: "1y", status: 3 });
    expect(search).toEqual({});
    expect(filtersFrom(search, "")).toEqual({});
  });
});
