import { describe, expect, it } from "vitest";
import {
  adminUserCreateArgsSchema,
  adminUserEditFormSchema,
  adminUserListArgsSchema,
  adminUserUpdateArgsSchema,
  ORGANIZATION_REQUIRED,
} from "./admin-user.ts";
import { CONTROL_CHARACTERS_MESSAGE } from "./text.ts";

/** The first message of each field, as the form shows them (useZodForm). */
function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[String(issue.path[0])] ??= issue.message;
  return byField;
}

const ORG = "8c1f6c1e-4b1a-4c1a-9a57-2f4f0e0c0a01";
const base = {
  firstName: "",
  lastName: "",
  email: "",
  newPassword: "",
  confirmPassword: "",
  organizationId: ORG,
  role: "Member",
};

describe("admin user edit (SPEC 5)", () => {
  it("accepts every text field empty: empty keeps what is stored", () => {
    expect(adminUserEditFormSchema.safeParse(base).success).toBe(true);
  });

  it("says SPEC's message for each field filled wrongly", () => {
    expect(
      messages(
        adminUserEditFormSchema.safeParse({
          ...base,
          firstName: "   ",
          lastName: " ",
          email: "not an email",
          newPassword: "short",
          confirmPassword: "other",
        }),
      ),
    ).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      newPassword: "Password must be at least 8 characters",
      confirmPassword: "Passwords don't match",
    });
  });

  it("says the passwords don't match on confirmPassword, also for a valid new password", () => {
    expect(
      messages(adminUserEditFormSchema.safeParse({ ...base, newPassword: "long enough" })),
    ).toEqual({ confirmPassword: "Passwords don't match" });
    expect(
      adminUserEditFormSchema.safeParse({
        ...base,
        newPassword: "long enough",
        confirmPassword: "long enough",
      }).success,
    ).toBe(true);
  });

  it("trims names and emails; refuses control characters and a role outside SPEC's two", () => {
    const parsed = adminUserEditFormSchema.parse({
      ...base,
      firstName: " Ada ",
      email: " ada@example.test ",
    });
    expect(parsed.firstName).toBe("Ada");
    expect(parsed.email).toBe("ada@example.test");
    expect(
      messages(
        adminUserEditFormSchema.safeParse({
          ...base,
          firstName: "A\u0000",
          email: "a\u0000@example.test",
          role: "Owner",
        }),
      ),
    ).toEqual({
      firstName: CONTROL_CHARACTERS_MESSAGE,
      email: CONTROL_CHARACTERS_MESSAGE,
      role: "Role must be Member or OrganizationAdmin",
    });
  });

  it("server args: only a superadmin may have no organization", () => {
    const args = { ...base, userId: ORG, organizationId: "", isSuperadmin: false };
    expect(messages(adminUserUpdateArgsSchema.safeParse(args))).toEqual({
      organizationId: ORGANIZATION_REQUIRED,
    });
    expect(adminUserUpdateArgsSchema.safeParse({ ...args, isSuperadmin: true }).success).toBe(true);
  });
});

describe("admin user create", () => {
  it("requires every field, with the profile's and password's messages", () => {
    expect(
      messages(
        adminUserCreateArgsSchema.safeParse({
          firstName: "",
          lastName: "",
          email: "x",
          password: "short",
          organizationId: "",
          role: "Member",
          isSuperadmin: false,
        }),
      ),
    ).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      organizationId: ORGANIZATION_REQUIRED,
    });
  });
});

describe("admin user list args", () => {
  it("takes the filters and refuses unknown last-active windows", () => {
    expect(
      adminUserListArgsSchema.safeParse({
        search: " ada ",
        organizationId: null,
        role: "OrganizationAdmin",
        superadmin: true,
        disabled: false,
        lastActive: "30d",
        paginationOpts: { numItems: 50, cursor: null },
      }).success,
    ).toBe(true);
    expect(
      adminUserListArgsSchema.safeParse({
        lastActive: "1y",
        paginationOpts: { numItems: 50, cursor: null },
      }).success,
    ).toBe(false);
  });
});
