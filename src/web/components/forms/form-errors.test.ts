import { describe, expect, it } from "vitest";
import { AppError } from "#shared/errors.ts";
import { formErrorFrom } from "./form-errors.ts";

describe("formErrorFrom", () => {
  const fields = ["currentPassword", "newPassword", "confirmPassword"];

  it("puts the server's issues (dot-joined paths) on their fields", () => {
    const error = new AppError("INVALID_ARGS", "Invalid", {
      issues: [
        { path: "newPassword", message: "The new password must differ from the current one." },
      ],
    });
    expect(formErrorFrom(error, fields)).toEqual({
      newPassword: "The new password must differ from the current one.",
    });
  });

  it("accepts array paths and a named field", () => {
    const issues = new AppError("INVALID_ARGS", "x", {
      issues: [{ path: ["args", "newPassword"], message: "m" }],
    });
    expect(formErrorFrom(issues, fields)).toEqual({ newPassword: "m" });
    const named = new AppError("INVALID_CREDENTIALS", "The current password is incorrect.", {
      field: "currentPassword",
    });
    expect(formErrorFrom(named, fields)).toEqual({
      currentPassword: "The current password is incorrect.",
    });
  });

  it("shows other errors for the whole form, hiding internal details", () => {
    expect(formErrorFrom(new AppError("RATE_LIMITED", "Slow down."), fields)).toEqual({
      form: "Slow down.",
    });
    expect(formErrorFrom(new AppError("INTERNAL", "db exploded"), fields).form).not.toContain("db");
  });
});
