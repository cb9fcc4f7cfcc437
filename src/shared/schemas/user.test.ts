import { describe, expect, it } from "vitest";
import { setupSchema } from "../api/setup.ts";
import { CONTROL_CHARACTERS_MESSAGE } from "./text.ts";
import {
  changePasswordFormSchema,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DONT_MATCH,
  profileSchema,
} from "./user.ts";

/** The first message of each field, as the forms show them (useZodForm). */
function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[String(issue.path[0])] ??= issue.message;
  return byField;
}

describe("the user forms' schemas", () => {
  it("profile: SPEC's messages, trimmed names, control characters refused", () => {
    expect(messages(profileSchema.safeParse({ firstName: " ", lastName: "" }))).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
    });
    expect(
      messages(profileSchema.safeParse({ firstName: "x".repeat(101), lastName: "Ok" })),
    ).toEqual({ firstName: "First name must be at most 100 characters" });
    expect(profileSchema.parse({ firstName: "  Grace ", lastName: "\tHopper\n" })).toEqual({
      firstName: "Grace",
      lastName: "Hopper",
    });
    expect(
      messages(profileSchema.safeParse({ firstName: "Gr\u0000ace", lastName: "Hop\u001bper" })),
    ).toEqual({ firstName: CONTROL_CHARACTERS_MESSAGE, lastName: CONTROL_CHARACTERS_MESSAGE });
  });

  it("password form: SPEC's messages; a control character in a new password is refused", () => {
    expect(
      messages(
        changePasswordFormSchema.safeParse({
          currentPassword: "",
          newPassword: "short",
          confirmPassword: "other",
        }),
      ),
    ).toEqual({
      currentPassword: "Current password is required",
      newPassword: PASSWORD_TOO_SHORT,
      confirmPassword: PASSWORDS_DONT_MATCH,
    });
    expect(PASSWORD_TOO_SHORT).toBe("Password must be at least 8 characters");
    const tab = "correct\thorse battery";
    expect(
      messages(
        changePasswordFormSchema.safeParse({
          currentPassword: "old password",
          newPassword: tab,
          confirmPassword: tab,
        }),
      ),
    ).toEqual({
      newPassword: CONTROL_CHARACTERS_MESSAGE,
      confirmPassword: CONTROL_CHARACTERS_MESSAGE,
    });
  });

  it("setup: each field's own message, and the control-character one", () => {
    const valid = {
      token: "setup-token",
      organizationName: "Acme",
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.test",
      password: "correct horse battery",
    };
    expect(setupSchema.safeParse(valid).success).toBe(true);
    expect(
      messages(setupSchema.safeParse({ ...valid, organizationName: "", email: "grace@" })),
    ).toEqual({
      organizationName: "Organization name is required",
      email: "Invalid email address",
    });
    expect(
      messages(
        setupSchema.safeParse({
          ...valid,
          organizationName: "Ac\u0085me",
          email: "gr\u0000ace@example.test",
        }),
      ),
    ).toEqual({ organizationName: CONTROL_CHARACTERS_MESSAGE, email: CONTROL_CHARACTERS_MESSAGE });
  });
});
